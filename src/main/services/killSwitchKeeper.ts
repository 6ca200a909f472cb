import type { KillSwitchTimer } from '../../shared/model';
import type { ExchangeApi } from '../exchange/api';

type KillSwitchApi = Pick<ExchangeApi, 'setKillSwitch'>;

interface Kept {
  api: KillSwitchApi;
  timeout: number;
  /** When the exchange cancels the market's orders unless the switch is armed again (ms). */
  dueAt: number;
  handle: ReturnType<typeof setTimeout>;
}

/**
 * "Keep alive while connected": a background job in main (not the page, which may be closed or
 * asleep) that arms a market's kill-switch again every half timeout, so it fires only when the
 * app loses the exchange (or stops). A re-arm that fails is tried again at the next half; once
 * the timeout has passed without one, the switch has fired and is no longer kept. Disarming, or
 * arming without the option, stops keeping that market.
 */
export class KillSwitchKeeper {
  private readonly kept = new Map<string, Kept>();

  /** Arms (or disarms, null) a market's switch; with `keepAlive`, keeps it armed from now on. */
  async arm(
    api: KillSwitchApi,
    market: string,
    timeout: number | null,
    keepAlive = false,
  ): Promise<KillSwitchTimer | null> {
    this.release(market);
    const timer = await api.setKillSwitch(market, timeout);
    if (keepAlive && timeout !== null) {
      const dueAt = Date.now() + timeout * 1000;
      this.kept.set(market, { api, timeout, dueAt, handle: this.schedule(market, timeout) });
    }
    return timer;
  }

  /** Whether main keeps this market's switch armed (for the profile of `api`, when given). */
  keeps(market: string, api?: KillSwitchApi): boolean {
    const kept = this.kept.get(market);
    return kept !== undefined && (api === undefined || kept.api === api);
  }

  /** Stops every job (the app stops, or the profile changes: the exchange then fires them). */
  stop(): void {
    for (const market of [...this.kept.keys()]) this.release(market);
  }

  private release(market: string): void {
    const kept = this.kept.get(market);
    if (kept) clearTimeout(kept.handle);
    this.kept.delete(market);
  }

  private schedule(market: string, timeout: number): ReturnType<typeof setTimeout> {
    return setTimeout(() => void this.rearm(market), (timeout * 1000) / 2);
  }

  private async rearm(market: string): Promise<void> {
    const kept = this.kept.get(market);
    if (!kept) return;
    if (Date.now() >= kept.dueAt) {
      // Not armed again in time: the exchange has fired it; it is not armed behind the user's back.
      this.kept.delete(market);
      return;
    }
    try {
      await kept.api.setKillSwitch(market, kept.timeout);
      kept.dueAt = Date.now() + kept.timeout * 1000;
    } catch {
      // Offline or refused: tried again at the next half, unless the switch has fired by then.
    }
    if (this.kept.get(market) !== kept) return; // disarmed or armed again meanwhile
    kept.handle = this.schedule(market, kept.timeout);
  }
}
