import Decimal from 'decimal.js';
import type { Ticker } from '../../shared/model';

/**
 * Prices in a quote currency from the ticker: a direct market (ASSET_QUOTE), the inverse market
 * (QUOTE_ASSET), or routed through BTC (ASSET_BTC × BTC_QUOTE, either leg possibly inverted), or
 * through USDT when BTC cannot route it (a BTC quote). An
 * asset with no route has no price (undefined), never zero.
 */
const ROUTES = ['BTC', 'USDT'] as const;

export class PriceBook {
  private readonly last = new Map<string, Decimal>();
  /** Percent change over 24 h of the direct market, when there is one. */
  private readonly change = new Map<string, Decimal>();

  constructor(ticker: Ticker) {
    for (const [market, entry] of Object.entries(ticker)) {
      const price = new Decimal(entry.lastPrice);
      if (price.isZero() || entry.isFrozen) continue;
      this.last.set(market, price);
      this.change.set(market, new Decimal(entry.change));
    }
  }

  /** Quote currencies this book can price in (the money side of every market). */
  quotes(): string[] {
    return [...new Set([...this.last.keys()].map((m) => m.split('_')[1]!))].sort();
  }

  private pair(base: string, quote: string): Decimal | undefined {
    if (base === quote) return new Decimal(1);
    const direct = this.last.get(`${base}_${quote}`);
    if (direct) return direct;
    const inverse = this.last.get(`${quote}_${base}`);
    return inverse ? new Decimal(1).div(inverse) : undefined;
  }

  /**
   * The price of one `asset` in `quote`, or undefined when no route exists: direct, else through
   * BTC, else (for a BTC quote, say) through USDT.
   */
  price(asset: string, quote: string): Decimal | undefined {
    const direct = this.pair(asset, quote);
    if (direct) return direct;
    for (const via of ROUTES) {
      if (via === asset || via === quote) continue;
      const first = this.pair(asset, via);
      const second = first && this.pair(via, quote);
      if (first && second) return first.mul(second);
    }
    return undefined;
  }

  /** 24 h change (percent) of the asset's direct market in `quote`, when there is one. */
  change24h(asset: string, quote: string): Decimal | undefined {
    return this.change.get(`${asset}_${quote}`);
  }
}
