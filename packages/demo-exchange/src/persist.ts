import { readFileSync } from 'node:fs';
import { emptyMiningState } from './mining';
import type { ExchangeState } from './state';
import type { DemoLog, WriteFile } from './host';

/**
 * State persistence: a JSON file written atomically (temp file in the same folder, then rename),
 * debounced after every change, flushed on stop. Loaded synchronously at start; a missing,
 * unreadable or foreign file (other version or seed) is ignored and the seed state is used (and
 * written on the next change). A state saved before interest payments (or deals, or control
 * transfers, mining changes, deposit addresses, sub-account balances and transfers, convert quotes
 * and converts) were kept has none. Version 1 files (conditional
 * orders that froze nothing) and version 2 files (a buy's fee charged in the money, frozen with the
 * order) are foreign.
 */
export function loadState(path: string, seed: number): ExchangeState | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = JSON.parse(text) as Partial<ExchangeState>;
    if (parsed.version !== 3 || parsed.seed !== seed || !parsed.trade || !parsed.nonces)
      return null;
    parsed.flexPayments ??= [];
    parsed.deals ??= [];
    parsed.transfers ??= [];
    parsed.mining ??= emptyMiningState();
    parsed.depositAddresses ??= {};
    parsed.subBalances ??= {};
    parsed.subTransfers ??= [];
    parsed.quotes ??= [];
    parsed.converts ??= [];
    parsed.nextQuoteId ??= 4000;
    return parsed as ExchangeState;
  } catch {
    return null;
  }
}

export class Persister {
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly path: string,
    private readonly snapshot: () => ExchangeState,
    private readonly writeFile: WriteFile,
    private readonly log: DemoLog,
    private readonly debounceMs = 200,
  ) {}

  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.write();
    }, this.debounceMs);
    this.timer.unref();
  }

  private write(): Promise<void> {
    const text = JSON.stringify(this.snapshot());
    this.writing = this.writing
      .then(() => this.writeFile(this.path, text))
      .catch((error: unknown) => this.log.error('[demo-exchange] could not save state:', error));
    return this.writing;
  }

  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      await this.write();
    }
    await this.writing;
  }
}
