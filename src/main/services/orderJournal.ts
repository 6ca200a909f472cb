import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { DeskFailure } from '../../shared/errors';
import { writeFileAtomic } from '../lib/atomicFile';
import { ORDER_KINDS } from '../exchange/api';
import { log } from '../lib/log';
import { JOURNAL_FILE } from '../lib/dataFiles';

/**
 * The order journal: every order this app sent, per profile and client order id, so that one client
 * order id never executes twice. The exchange only refuses an id that an OPEN order on the same
 * market holds, so a market order's id (filled at once) could otherwise be reused right away.
 *
 * - In memory for the in-flight check: `reserve` checks and records in one synchronous step (no
 *   await between them), so concurrent placements with one id cannot all pass.
 * - Persisted in the app data folder (`orders-journal.json`, written atomically and fsynced, mode
 *   0600) so a restart keeps refusing recent ids; entries older than `JOURNAL_WINDOW_MS` are pruned,
 *   and at most `JOURNAL_MAX_ENTRIES` are kept (the oldest go first). A corrupt file is ignored
 *   (logged). Without a data folder (web host without --data-dir, tests) it lives in memory only.
 * - It fails closed: an order whose record cannot be written before it is sent is not sent
 *   (orders.ts placeOrderOutcome), or a restart would forget it and let its id execute again.
 * - Which ids block reuse: an order in flight, placed, or whose outcome is unknown, and one whose
 *   answer was lost and that was not found afterwards (it may still appear: the lookup is a snapshot).
 *   A definite refusal by the exchange (it answered "no" before executing anything) frees the id:
 *   reusing it cannot execute anything twice.
 * - Never a secret: profile id, client order id, market, side, amount, kind, times and outcome.
 */

/** How long a sent order's client order id stays blocked (at least the promised 24 h). */
export const JOURNAL_WINDOW_MS = 48 * 60 * 60 * 1000;
/** The journal keeps at most this many entries (the oldest are dropped first). */
export const JOURNAL_MAX_ENTRIES = 10_000;

const entrySchema = z.object({
  profileId: z.string().max(200),
  clientOrderId: z.string().max(64),
  market: z.string().max(40),
  side: z.enum(['buy', 'sell']),
  amount: z.string().max(100),
  kind: z.enum(ORDER_KINDS),
  /** When the order was sent (ms). */
  sentAt: z.number(),
  /**
   * `sent`: in flight (read back from a file, the app stopped before the answer: unknown);
   * `placed`; `unknown` (lost answer, lookups failed); `not-found` (lost answer, not found then).
   */
  outcome: z.enum(['sent', 'placed', 'unknown', 'not-found']),
});
export type JournalEntry = z.infer<typeof entrySchema>;
export type JournalOutcome = Exclude<JournalEntry['outcome'], 'sent'>;

const fileSchema = z.object({
  version: z.literal(1),
  entries: z.array(entrySchema).max(JOURNAL_MAX_ENTRIES * 2),
});

export interface OrderJournalOptions {
  /** The clock (ms); tests move it. */
  now?: () => number;
  windowMs?: number;
  maxEntries?: number;
  /** Writes the file (default: writeFileAtomic); tests stand in a disk that refuses. */
  write?: (path: string, text: string) => Promise<void>;
}

const keyOf = (profileId: string, clientOrderId: string) => `${profileId}\n${clientOrderId}`;

export class OrderJournal {
  readonly path: string | undefined;
  private readonly entries = new Map<string, JournalEntry>();
  private readonly now: () => number;
  private readonly windowMs: number;
  private readonly maxEntries: number;
  private readonly write: (path: string, text: string) => Promise<void>;
  /** The last write (settled), so writes never overlap. */
  private writing: Promise<void> = Promise.resolve();
  /** A write queued but not started: a change made now is in it. */
  private queued: Promise<void> | undefined;

  constructor(dataDir: string | undefined, options: OrderJournalOptions = {}) {
    this.now = options.now ?? Date.now;
    this.windowMs = options.windowMs ?? JOURNAL_WINDOW_MS;
    this.maxEntries = options.maxEntries ?? JOURNAL_MAX_ENTRIES;
    this.write = options.write ?? writeFileAtomic;
    this.path = dataDir ? join(dataDir, JOURNAL_FILE) : undefined;
    if (this.path) this.load(this.path);
  }

  private load(path: string): void {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        log.error(
          `[orders] ${JOURNAL_FILE} could not be read; starting with an empty journal`,
          error,
        );
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = fileSchema.safeParse(json);
    if (!parsed.success) {
      log.error(`[orders] ${JOURNAL_FILE} is corrupt; ignoring it and starting an empty journal`);
      return;
    }
    const sorted = [...parsed.data.entries].sort((a, b) => a.sentAt - b.sentAt);
    // An order still "sent" when the app stopped: its outcome is unknown.
    for (const entry of sorted) {
      this.entries.set(keyOf(entry.profileId, entry.clientOrderId), {
        ...entry,
        outcome: entry.outcome === 'sent' ? 'unknown' : entry.outcome,
      });
    }
    this.prune();
  }

  /** Drops entries older than the window, then the oldest beyond the size bound. */
  private prune(): void {
    // Map order is insertion order, and entries are inserted as they are sent: oldest first. (An
    // expired entry behind a newer one, after a clock change, goes later; `find` ignores it.)
    const oldest = this.now() - this.windowMs;
    for (const [key, entry] of this.entries) {
      if (entry.sentAt >= oldest && this.entries.size <= this.maxEntries) break;
      this.entries.delete(key);
    }
  }

  /** The entry that blocks this client order id for this profile, if any. */
  find(profileId: string, clientOrderId: string): JournalEntry | undefined {
    const entry = this.entries.get(keyOf(profileId, clientOrderId));
    if (!entry || entry.sentAt < this.now() - this.windowMs) return undefined;
    return { ...entry };
  }

  /**
   * Records an order about to be sent, unless its client order id is blocked: then nothing is
   * recorded and the blocking entry is returned. Synchronous on purpose: check and record are one
   * step, so concurrent callers cannot both pass.
   */
  reserve(
    profileId: string,
    order: Omit<JournalEntry, 'profileId' | 'sentAt' | 'outcome'>,
  ): { ok: true; entry: JournalEntry } | { ok: false; blockedBy: JournalEntry } {
    const blockedBy = this.find(profileId, order.clientOrderId);
    if (blockedBy) return { ok: false, blockedBy };
    const entry: JournalEntry = {
      profileId,
      clientOrderId: order.clientOrderId,
      market: order.market,
      side: order.side,
      amount: order.amount,
      kind: order.kind,
      sentAt: this.now(),
      outcome: 'sent',
    };
    const key = keyOf(profileId, order.clientOrderId);
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.prune();
    return { ok: true, entry: { ...entry } };
  }

  /** Records what became of a reserved order; `refused` (a definite refusal) frees the id. */
  settle(profileId: string, clientOrderId: string, outcome: JournalOutcome | 'refused'): void {
    const key = keyOf(profileId, clientOrderId);
    const entry = this.entries.get(key);
    if (!entry) return;
    if (outcome === 'refused') this.entries.delete(key);
    else entry.outcome = outcome;
  }

  /** Every entry (copies), oldest first. */
  list(): JournalEntry[] {
    return [...this.entries.values()].map((entry) => ({ ...entry }));
  }

  /**
   * Writes the journal (when it has a file). Resolves once a write holding every change made before
   * the call is on the disk; rejects when that write failed (every caller sharing it is told), and
   * the next call tries again.
   */
  persist(): Promise<void> {
    const path = this.path;
    if (!path) return Promise.resolve();
    if (this.queued) return this.queued;
    const next = this.writing.then(() => {
      this.queued = undefined;
      this.prune();
      return this.write(path, JSON.stringify({ version: 1, entries: [...this.entries.values()] }));
    });
    this.queued = next;
    this.writing = next.catch(() => undefined);
    return next;
  }

  /** `persist`, a failure logged rather than thrown (the order's fate no longer depends on it). */
  async persistOrLog(): Promise<void> {
    try {
      await this.persist();
    } catch (error) {
      log.error(`[orders] could not write ${JOURNAL_FILE}`, diskCause(error));
    }
  }
}

/** The error under a disk failure in words (the log wants the file system's own). */
const diskCause = (error: unknown): unknown =>
  error instanceof DeskFailure && error.cause !== undefined ? error.cause : error;
