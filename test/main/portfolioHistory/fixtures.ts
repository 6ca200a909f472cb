import type { Snapshot } from '../../../src/main/portfolioHistory/records';

/**
 * A snapshot in USDT at `takenAt` of the given main balances (trade and flex zero), each priced 1,
 * or with `price` when given.
 */
export function snapshot(
  takenAt: number,
  mains: Record<string, string>,
  options: { quote?: string; price?: string | null } = {},
): Snapshot {
  const price = options.price === undefined ? '1' : options.price;
  return {
    takenAt,
    quote: options.quote ?? 'USDT',
    total: '0',
    holdings: Object.entries(mains).map(([ticker, main]) => ({
      ticker,
      main,
      trade: '0',
      flex: '0',
      price,
    })),
  };
}
