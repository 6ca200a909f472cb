import Decimal from 'decimal.js';
import type { Market, PortfolioOverview, PortfolioRow } from '../../../shared/model';
import { formatDecimal } from '../../lib/decimal';

/**
 * How the Overview writes its numbers, by the one rule (src/shared/format.ts): a value in the quote
 * at the quote's places (main sends them: 2 for fiat, else the quote asset's precision), an amount
 * of an asset at the asset's precision, a price at its market's tick.
 */
export interface Places {
  quote: number;
  asset(ticker: string): number;
  price(ticker: string): number;
}

/** Places of an asset main has not described (main's own default). */
const DEFAULT_PRECISION = 8;

/**
 * The places of `data` (the holdings in one quote) and the exchange's `markets`: a price of an
 * asset in the quote is written at the tick (`moneyPrec`) of its direct market; an asset priced
 * through another market (or before the markets are known) at the quote's places; the quote's own
 * price (1) as it is.
 */
export function overviewPlaces(
  data: Pick<PortfolioOverview, 'quote' | 'quotePrecision' | 'rows'> | undefined,
  markets: readonly Market[] | undefined,
): Places {
  const quote = data?.quotePrecision ?? DEFAULT_PRECISION;
  const precision = new Map(data?.rows.map((row) => [row.ticker, row.precision]));
  const tick = new Map(
    (markets ?? []).filter((m) => m.money === data?.quote).map((m) => [m.stock, m.moneyPrec]),
  );
  return {
    quote,
    asset: (ticker) => precision.get(ticker) ?? DEFAULT_PRECISION,
    // The quote in itself is exactly 1: no market, no tick, no places.
    price: (ticker) => (ticker === data?.quote ? 0 : (tick.get(ticker) ?? quote)),
  };
}

/** How many assets get a slice of their own; the rest are summed into "Other". */
export const TOP_SLICES = 8;

export interface Slice {
  /** Stable key: the ticker, or "other". */
  key: string;
  /** Ticker, or "Other". */
  label: string;
  /** Value in the quote currency (decimal string): for the tooltip. */
  value: string;
  /** Share of the charted total, as a display percent with one place ("62.3 %", "<0.1 %"). */
  percent: string;
  /** The share as a JS number: chart geometry only, never money. */
  weight: number;
  /** Index into the chart palette; "Other" uses its own colour. */
  color: number;
  /** Tickers summed into this slice (one, or the rest for "Other"). */
  tickers: string[];
}

const byValueDesc = (a: { value: Decimal }, b: { value: Decimal }) => b.value.comparedTo(a.value);

function displayPercent(share: Decimal): string {
  const percent = share.mul(100);
  if (percent.gt(0) && percent.lt('0.05')) return '<0.1 %';
  return `${formatDecimal(percent.toFixed(), 1)} %`;
}

/**
 * The allocation of the priced assets by value share: the largest TOP_SLICES, then "Other".
 * All arithmetic in decimal; `weight` is the only number, for the pie's angles.
 */
export function allocation(rows: readonly PortfolioRow[]): Slice[] {
  const priced = rows
    .filter((row): row is PortfolioRow & { value: string } => row.value !== null)
    .map((row) => ({ ticker: row.ticker, value: new Decimal(row.value) }))
    .filter((row) => row.value.gt(0))
    .sort(byValueDesc);
  const total = priced.reduce((sum, row) => sum.add(row.value), new Decimal(0));
  if (total.isZero()) return [];

  const groups =
    priced.length > TOP_SLICES
      ? [
          ...priced.slice(0, TOP_SLICES).map((row) => ({ ...row, tickers: [row.ticker] })),
          {
            ticker: 'Other',
            value: priced
              .slice(TOP_SLICES)
              .reduce((sum, row) => sum.add(row.value), new Decimal(0)),
            tickers: priced.slice(TOP_SLICES).map((row) => row.ticker),
          },
        ]
      : priced.map((row) => ({ ...row, tickers: [row.ticker] }));

  return groups.map((group, index) => {
    const share = group.value.div(total);
    const other = index === TOP_SLICES;
    return {
      key: other ? 'other' : group.ticker,
      label: group.ticker,
      value: group.value.toFixed(),
      percent: displayPercent(share),
      weight: share.toNumber(),
      color: other ? -1 : index,
      tickers: group.tickers,
    };
  });
}

/** "DOT", "DOT and XMR", "DOT, XMR and ZEC". */
export function listTickers(tickers: readonly string[]): string {
  if (tickers.length <= 1) return tickers.join('');
  return `${tickers.slice(0, -1).join(', ')} and ${tickers[tickers.length - 1]}`;
}

export interface AccountValues {
  /** Value of the main (funding) balances in the quote, decimal string. */
  main: string;
  /** Value of the trade balances, available and frozen. */
  trade: string;
  /** Value of the ACTIVE flex investments. */
  flex: string;
}

/** The priced rows' value split by where the funds sit: amount × price, summed in decimal. */
export function accountValues(rows: readonly PortfolioRow[]): AccountValues {
  let main = new Decimal(0);
  let trade = new Decimal(0);
  let flex = new Decimal(0);
  for (const row of rows) {
    if (row.price === null) continue;
    main = main.add(new Decimal(row.main).mul(row.price));
    trade = trade.add(new Decimal(row.tradeAvailable).add(row.tradeFrozen).mul(row.price));
    flex = flex.add(new Decimal(row.flex).mul(row.price));
  }
  const out = (d: Decimal) => d.toDecimalPlaces(8).toFixed();
  return { main: out(main), trade: out(trade), flex: out(flex) };
}

/**
 * The asset the Assets header's Transfer opens on: the one whose main balance is worth most in
 * the quote (a move between balances starts from main), else the first held in main (unpriced),
 * else the first row.
 */
export function transferDefault(rows: readonly PortfolioRow[]): string | undefined {
  let best: { ticker: string; worth: Decimal } | undefined;
  let unpriced: string | undefined;
  for (const row of rows) {
    const main = new Decimal(row.main);
    if (main.lte(0)) continue;
    if (row.price === null) {
      unpriced ??= row.ticker;
      continue;
    }
    const worth = main.times(row.price);
    if (!best || worth.gt(best.worth)) best = { ticker: row.ticker, worth };
  }
  return best?.ticker ?? unpriced ?? rows[0]?.ticker;
}
