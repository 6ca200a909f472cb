import {
  channelNames,
  inputSchema,
  isChannelName,
  type ChannelName,
  type ChannelOutput,
  type ChannelParsed,
} from '../../shared/contract';
import { dirname } from 'node:path';
import { diskFailure } from '../lib/diskErrors';
import { log } from '../lib/log';
import { DeskFailure, ErrorCode, type DeskError, type Envelope } from '../../shared/errors';
import type { z } from 'zod';

/** Where a handler table keeps its guard (a symbol: never a channel name, never listed as one). */
export const GUARD: unique symbol = Symbol('desk.guard');

/**
 * A condition every channel must pass before its handler runs, except the channels declared `open`
 * (the app lock: while locked, only the lock's own channels and the status ones answer).
 */
export interface ChannelGuard {
  /** The channels that answer whatever the guard says. */
  readonly open: ReadonlySet<ChannelName>;
  /** The failure a guarded channel answers with now, or undefined to let it run. */
  refusal(): DeskFailure | undefined;
}

/**
 * One handler per contract channel: the type refuses a missing or an extra one. The table may carry
 * a guard, which bindChannels applies to every channel it does not declare open.
 */
export type Handlers = {
  [C in ChannelName]: (input: ChannelParsed<C>) => Promise<ChannelOutput<C>>;
} & { readonly [GUARD]?: ChannelGuard };

/** A channel bound to its handler: takes untrusted input, always answers with an envelope. */
export type BoundChannel = (input: unknown) => Promise<Envelope<unknown>>;

export function fieldsFromZod(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/** Any error a handler throws, as the one shape that crosses the bridge. */
export function toDeskError(error: unknown): DeskError {
  // DeskFailure, ExchangeError, KeychainUnavailableError: errors that know their user-facing shape.
  if (error instanceof DeskFailure) return error.toDeskError();
  const own = (error as { toDeskError?: unknown } | null)?.toDeskError;
  if (typeof own === 'function') return (own as () => DeskError).call(error);
  // Details stay in main's log; the renderer gets a message it can show.
  log.error('[desk] handler failed:', error);
  // A file write the disk refused (a CSV saved where the user chose): its folder and what to do.
  const path = (error as { path?: unknown } | null)?.path;
  const disk = typeof path === 'string' ? diskFailure(error, dirname(path)) : undefined;
  if (disk) return disk.toDeskError();
  return { code: ErrorCode.Internal, message: 'Something went wrong inside Exchange Desk.' };
}

/**
 * The one generic binder, used by src/main/shell/ipc.ts and by the web host. It checks that every channel
 * has exactly one handler, parses each input with the channel's schema, applies the table's guard,
 * and turns every failure into the error shape.
 */
export function bindChannels(handlers: Handlers): ReadonlyMap<ChannelName, BoundChannel> {
  const given = Object.keys(handlers);
  const missing = channelNames.filter((name) => !given.includes(name));
  const extra = given.filter((name) => !isChannelName(name));
  if (missing.length || extra.length) {
    throw new Error(
      `Handlers do not match the contract (missing: ${missing.join(', ') || 'none'}; extra: ${
        extra.join(', ') || 'none'
      })`,
    );
  }
  const bound = new Map<ChannelName, BoundChannel>();
  const guard = handlers[GUARD];
  for (const name of channelNames) {
    const schema = inputSchema(name);
    const guarded = guard !== undefined && !guard.open.has(name);
    const handler = handlers[name] as (input: unknown) => Promise<unknown>;
    bound.set(name, async (input) => {
      const parsed = schema.safeParse(input);
      if (!parsed.success) {
        return {
          ok: false,
          error: {
            code: ErrorCode.InvalidInput,
            message: `Invalid input for ${name}.`,
            fields: fieldsFromZod(parsed.error),
          },
        };
      }
      try {
        const refusal = guarded ? guard.refusal() : undefined;
        if (refusal) throw refusal;
        return { ok: true, value: await handler(parsed.data) };
      } catch (error) {
        return { ok: false, error: toDeskError(error) };
      }
    });
  }
  return bound;
}

/** Calls a channel by a name that came from outside: an unknown one gets the error shape. */
export function callChannel(
  bound: ReadonlyMap<ChannelName, BoundChannel>,
  name: string,
  input: unknown,
): Promise<Envelope<unknown>> {
  const call = isChannelName(name) ? bound.get(name) : undefined;
  if (!call) {
    return Promise.resolve({
      ok: false,
      error: { code: ErrorCode.UnknownChannel, message: `Unknown channel: ${name}` },
    });
  }
  return call(input);
}
