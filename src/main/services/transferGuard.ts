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
