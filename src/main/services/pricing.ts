import Decimal from 'decimal.js';
import type { Ticker } from '../../shared/model';

/**
 * The one routing rule for a price in a quote currency, from the prices of markets (`priceOf`: a
 * market's price, or undefined when it has none): a direct market (ASSET_QUOTE), the inverse market
 * (QUOTE_ASSET), or routed through BTC (ASSET_BTC × BTC_QUOTE, either leg possibly inverted), or
 * through USDT when BTC cannot route it (a BTC quote). An asset with no route has no price
 * (undefined), never zero. The live ticker (PriceBook) and the daily closes (portfolioHistory's
 * prices.ts) both price through it. `used`, when given, receives the markets of the route taken.
 */
const ROUTES = ['BTC', 'USDT'] as const;

/** How routing combines prices: decimal.js here, exact integer ratios for daily closes. */
export interface PriceArithmetic<P> {
  one: P;
  times(a: P, b: P): P;
  inverse(price: P): P;
}

const DECIMALS: PriceArithmetic<Decimal> = {
  one: new Decimal(1),
  times: (a, b) => a.mul(b),
  inverse: (price) => new Decimal(1).div(price),
};

export function routedPrice<P>(
  priceOf: (market: string) => P | undefined,
  asset: string,
  quote: string,
  arithmetic: PriceArithmetic<P>,
  used?: string[],
): P | undefined {
  /** base in `to` from one market, either way round; its market goes to `legs`. */
  const leg = (base: string, to: string, legs: string[]): P | undefined => {
    if (base === to) return arithmetic.one;
    const direct = priceOf(`${base}_${to}`);
    if (direct !== undefined) {
      legs.push(`${base}_${to}`);
      return direct;
    }
    const inverse = priceOf(`${to}_${base}`);
    if (inverse === undefined) return undefined;
    legs.push(`${to}_${base}`);
    return arithmetic.inverse(inverse);
  };
  const legs: string[] = [];
  let price = leg(asset, quote, legs);
  for (const via of ROUTES) {
    if (price !== undefined) break;
    if (via === asset || via === quote) continue;
    legs.length = 0;
    const first = leg(asset, via, legs);
    const second = first === undefined ? undefined : leg(via, quote, legs);
    if (first !== undefined && second !== undefined) price = arithmetic.times(first, second);
  }
  if (price !== undefined) used?.push(...legs);
  return price;
}

/** Prices in a quote currency from the live ticker, routed by `routedPrice`. */
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

  /**
   * The price of one `asset` in `quote`, or undefined when no route exists: direct, else through
   * BTC, else (for a BTC quote, say) through USDT.
   */
  price(asset: string, quote: string): Decimal | undefined {
    return routedPrice((market) => this.last.get(market), asset, quote, DECIMALS);
  }

  /** 24 h change (percent) of the asset's direct market in `quote`, when there is one. */
  change24h(asset: string, quote: string): Decimal | undefined {
    return this.change.get(`${asset}_${quote}`);
  }
}
