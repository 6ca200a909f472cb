import { z } from 'zod';

/**
 * The one error shape that crosses the bridge. `fields` maps a form field to its messages so a
 * form can put each message under its input.
 */
export const deskErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});
export type DeskError = z.infer<typeof deskErrorSchema>;

/** Codes produced by the bridge itself; services add their own. */
export const ErrorCode = {
  InvalidInput: 'INVALID_INPUT',
  UnknownChannel: 'UNKNOWN_CHANNEL',
  Forbidden: 'FORBIDDEN',
  Unauthorized: 'UNAUTHORIZED',
  Bridge: 'BRIDGE',
  Internal: 'INTERNAL',
} as const;

/** What every channel answers with; the bridge unwraps it. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: DeskError };

export const isDeskError = (value: unknown): value is DeskError =>
  deskErrorSchema.safeParse(value).success;

/** Any thrown value as a DeskError (a DeskError as is, anything else wrapped). */
export function asDeskError(value: unknown): DeskError {
  if (isDeskError(value)) return value;
  const message = value instanceof Error ? value.message : String(value);
  return { code: ErrorCode.Bridge, message };
}

/** Thrown by main-side code to answer with a specific DeskError. */
export class DeskFailure extends Error {
  readonly code: string;
  readonly fields: Record<string, string[]> | undefined;
  constructor(code: string, message: string, fields?: Record<string, string[]>) {
    super(message);
    this.name = 'DeskFailure';
    this.code = code;
    this.fields = fields;
  }
  toDeskError(): DeskError {
    return this.fields
      ? { code: this.code, message: this.message, fields: this.fields }
      : { code: this.code, message: this.message };
  }
}
