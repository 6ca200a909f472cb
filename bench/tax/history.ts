import { Rng } from '@exchange-desk/demo-exchange';
import type { MiningReward } from '../../src/shared/model';
import type { DailyClose, StoredDeal } from '../../src/main/portfolioHistory/records';
import type { TaxHistory } from '../../src/main/tax/history';

/**
 * A seeded, deterministic history for the tax bench: 5 years of 20,000 deals over four markets
 * (one of them, ETH_BTC, with no leg in the quote), 1,800 income entries (flex interest and
 * mining rewards), a deposit and a withdrawal a week, and every market's daily close.
 */

export const YEARS = 5;
export const DEALS = 20_000;
export const INCOME = 1_800;
const DAY_MS = 86_400_000;
export const FIRST_DAY = Date.UTC(2021, 0, 1);
const DAYS = YEARS * 365;
const MARKETS = [
  { market: 'BTC_USDT', base: 30_000 },
  { market: 'ETH_USDT', base: 2_000 },
  { market: 'SOL_USDT', base: 100 },
  { market: 'ETH_BTC', base: 0.066 },
] as const;

/** A decimal string with `places` places (from an integer count of units: never a float's digits). */
const text = (units: number, places: number): string => {
  const s = String(Math.round(units)).padStart(places + 1, '0');
  return places === 0 ? s : `${s.slice(0, -places)}.${s.slice(-places)}`;
};

export function benchHistory(seed = 36): { history: TaxHistory; closes: DailyClose[] } {
  // The demo exchange's seeded generator: the same numbers on every run.
  const rng = new Rng(seed);
  const random = () => rng.next();
  const closeUnits = (base: number, day: number) =>
    Math.round(base * (1 + 0.5 * Math.sin(day / 97) + 0.1 * Math.sin(day / 7)) * 1e6);
  const closes: DailyClose[] = [];
  for (let day = 0; day < DAYS; day++) {
    for (const { market, base } of MARKETS) {
      closes.push({ market, day: FIRST_DAY + day * DAY_MS, close: text(closeUnits(base, day), 6) });
    }
  }
  const deals: StoredDeal[] = [];
  for (let i = 0; i < DEALS; i++) {
    const time = FIRST_DAY + Math.floor((i / DEALS) * DAYS * DAY_MS) + 1000;
    const day = Math.floor((time - FIRST_DAY) / DAY_MS);
    const m = MARKETS[i % MARKETS.length]!;
    const price = closeUnits(m.base, day);
    // Buys outweigh sales a little, so that most sales take lots.
    const side = random() < 0.55 ? 'buy' : 'sell';
    const amountUnits = 1 + Math.floor(random() * 100_000); // 8 places
    const dealUnits = Math.round((amountUnits * price) / 1e6); // 8 places
    const feeInStock = side === 'buy';
    deals.push({
      dealId: i + 1,
      orderId: null,
      market: m.market,
      side,
      role: 'taker',
      price: text(price, 6),
      amount: text(amountUnits, 8),
      deal: text(dealUnits, 8),
      fee: text(Math.floor((feeInStock ? amountUnits : dealUnits) / 1000), 8),
      feeAsset: feeInStock ? m.market.split('_')[0]! : m.market.split('_')[1]!,
      time,
    });
  }
  const flexPayments = Array.from({ length: INCOME / 2 }, (_, i) => ({
    transactionId: `flex-${i}`,
    ticker: i % 2 === 0 ? 'USDT' : 'ETH',
    amount: text(1 + Math.floor(random() * 1_000_000), 8),
    time: FIRST_DAY + Math.floor((i / (INCOME / 2)) * DAYS) * DAY_MS + 3_600_000,
  }));
  const miningRewards = Array.from({ length: INCOME / 2 }, (_, i): MiningReward => ({
    account: 'rig',
    day: FIRST_DAY + i * DAY_MS,
    currency: 'BTC',
    totalReward: '0.00010000',
    reward: text(9000 + Math.floor(random() * 1000), 8),
    fee: '0.00000500',
    fppsRate: '1',
    hashrate: '1000000000000',
    status: 'successful',
    payoutDestination: 'main_balance',
    payoutAddress: null,
    payoutTransactionHash: null,
    payoutTime: null,
  }));
  const transfers = Array.from({ length: DAYS / 7 }, (_, i) => ({
    key: `t-${i}`,
    kind: i % 2 === 0 ? ('deposit' as const) : ('withdraw' as const),
    ticker: ['BTC', 'ETH', 'SOL'][i % 3]!,
    amount: text(1 + Math.floor(random() * 10_000_000), 8),
    fee: '0',
    status: 3,
    time: FIRST_DAY + i * 7 * DAY_MS + 7_200_000,
  }));
  return {
    history: {
      deals,
      transfers,
      flexPayments,
      miningRewards,
      subAccountTransfers: [],
      converts: [],
    },
    closes,
  };
}
