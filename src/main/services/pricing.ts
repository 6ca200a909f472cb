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

export function routedPrice(
  priceOf: (market: string) => Decimal | undefined,
  asset: string,
  quote: string,
  used?: string[],
): Decimal | undefined {
  const pair = (base: string, to: string): { price: Decimal; markets: string[] } | undefined => {
    if (base === to) return { price: new Decimal(1), markets: [] };
    const direct = priceOf(`${base}_${to}`);
    if (direct) return { price: direct, markets: [`${base}_${to}`] };
    const inverse = priceOf(`${to}_${base}`);
    return inverse ? { price: new Decimal(1).div(inverse), markets: [`${to}_${base}`] } : undefined;
  };
  const direct = pair(asset, quote);
  if (direct) {
    used?.push(...direct.markets);
    return direct.price;
  }
  for (const via of ROUTES) {
    if (via === asset || via === quote) continue;
    const first = pair(asset, via);
    const second = first && pair(via, quote);
    if (first && second) {
      used?.push(...first.markets, ...second.markets);
      return first.price.mul(second.price);
    }
  }
  return undefined;
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
    return routedPrice((market) => this.last.get(market), asset, quote);
  }

  /** 24 h change (percent) of the asset's direct market in `quote`, when there is one. */
  change24h(asset: string, quote: string): Decimal | undefined {
    return this.change.get(`${asset}_${quote}`);
  }
}
