import { ExchangeError, notSentReason } from '../exchange/errors';
import { answerWasLost } from '../exchange/orders';
import { DeskFailure } from '../../shared/errors';

/**
 * One money move at a time per profile (main ↔ trade, main ↔ sub-account): the check and the
 * reservation happen in one synchronous step, as the order journal's reserve does, so a second
 * click or a second window cannot send a move while another's outcome is unknown.
 */
export class TransferGuard {
  private readonly inFlight = new Set<string>();

  /** True while a move of this profile is between its reservation and its outcome. */
  busy(profileId: string): boolean {
    return this.inFlight.has(profileId);
  }

  /** Runs `send` as the profile's one move in flight; refused while another is. */
  async run<T>(profileId: string, send: () => Promise<T>): Promise<T> {
    if (this.inFlight.has(profileId)) {
      throw new DeskFailure(
        'TRANSFER_IN_FLIGHT',
        'A transfer is being sent now. Wait for its outcome before sending another.',
      );
    }
    this.inFlight.add(profileId);
    try {
      return await send();
    } finally {
      this.inFlight.delete(profileId);
    }
  }
}

/** How a money move waits before it looks for a lost answer (tests pass a sleep that resolves). */
export interface ReconcileOptions {
  /** Pause before reading the exchange's records after a lost answer (ms). */
  reconcileDelayMs?: number;
  /** Waits `ms` (tests pass one that resolves at once, the app a timer). */
  sleep?: (ms: number) => Promise<void>;
}

const timerSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends a money move (a transfer, a convert) once, never twice. The exchange not reached: nothing
 * was `what` ("moved", "converted"), said so after `notSent`; refused: `refusal`'s words; the
 * answer lost: after a pause, `reconcile` tells from the exchange's own records what happened.
 */
export async function sendOnce<T>(
  send: () => Promise<T>,
  steps: {
    what: string;
    refusal: (error: ExchangeError) => Error;
    reconcile: (error: ExchangeError) => Promise<T>;
    notSent?: () => void;
  },
  options: ReconcileOptions = {},
): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof ExchangeError)) throw error;
    const reason = notSentReason(error);
    if (reason !== undefined) {
      steps.notSent?.();
      throw error.withMessage(
        `Could not reach the exchange (${reason}): nothing was ${steps.what}. Check the connection and try again.`,
      );
    }
    if (!answerWasLost(error)) throw steps.refusal(error);
    await (options.sleep ?? timerSleep)(options.reconcileDelayMs ?? 300);
    return steps.reconcile(error);
  }
}
