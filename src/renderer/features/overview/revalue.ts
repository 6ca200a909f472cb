import Decimal from 'decimal.js';
import { holdingPrice, holdingValue } from '../../../shared/decimal';
import type { PortfolioOverview } from '../../../shared/model';

/**
 * The overview after pushed last prices (market -> price): each priced row whose direct market
 * `<ticker>_<quote>` moved takes the new price and is valued as main values it (holdingValue), and
 * the total is the sum of the rows' values again. Rows priced through another market keep their
 * price until the next load. Decimal throughout; the same object when nothing moved.
 */
export function revalue(
  overview: PortfolioOverview,
  prices: Readonly<Record<string, string>>,
): PortfolioOverview {
  let moved = false;
  const rows = overview.rows.map((row) => {
    const pushed = prices[`${row.ticker}_${overview.quote}`];
    if (row.price === null || pushed === undefined || !validPrice(pushed)) return row;
    const price = new Decimal(pushed);
    if (price.eq(row.price)) return row;
    moved = true;
    return {
      ...row,
      price: holdingPrice(price),
      value: holdingValue(row.total, price).toFixed(),
    };
  });
  if (!moved) return overview;
  const total = rows.reduce(
    (sum, row) => (row.value === null ? sum : sum.add(row.value)),
    new Decimal(0),
  );
  return { ...overview, rows, total: total.toFixed() };
}

function validPrice(text: string): boolean {
  try {
    const price = new Decimal(text);
    return price.isFinite() && price.gt(0);
  } catch {
    return false;
  }
}
