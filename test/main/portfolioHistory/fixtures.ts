import { Decimal, feeAsset } from '@exchange-desk/demo-exchange';
import type { DealRec, ExchangeState } from '@exchange-desk/demo-exchange';
import { indexCloses, type CloseIndex } from '../../../src/main/portfolioHistory/prices';
import type {
  Snapshot,
  StoredDeal,
  StoredTransfer,
} from '../../../src/main/portfolioHistory/records';
import type { MiningReward } from '../../../src/shared/model';

/** A deal: 0.5 BTC bought at 60000 USDT, 30 USDT fee, unless `over` says otherwise. */
export const deal = (over: Partial<StoredDeal> = {}): StoredDeal => ({
  dealId: 1,
  orderId: 1,
  market: 'BTC_USDT',
  side: 'buy',
  role: 'taker',
  price: '60000',
  amount: '0.5',
  deal: '30000',
  fee: '30',
  feeAsset: 'USDT',
  time: 1_000,
  ...over,
});

export const transfer = (
  kind: 'deposit' | 'withdraw',
  ticker: string,
  amount: string,
  fee: string,
  time: number,
): StoredTransfer => ({ key: `${kind}${time}`, kind, ticker, amount, fee, status: 3, time });

/** Daily closes from [market, day, close] rows. */
export const closesOf = (rows: readonly [string, number, string][]): CloseIndex =>
  indexCloses(rows.map(([market, day, close]) => ({ market, day, close })));

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

/** A demo engine's deal as the store keeps it (the fee in its own asset, as the engine books). */
export const demoDeal = (d: DealRec): StoredDeal => ({
  dealId: d.id,
  orderId: d.orderId,
  market: d.market,
  side: d.side,
  role: d.role === 1 ? 'maker' : 'taker',
  price: d.price,
  amount: d.amount,
  deal: d.deal,
  fee: d.fee,
  // As the demo's executed-history says it: a buy's fee in the stock, a sell's in the money.
  feeAsset: feeAsset(d),
  time: Math.round(d.time * 1000),
});

/** A demo state's totals per asset, as the Overview adds them up: main, trade (available + frozen), flex. */
export function demoHoldings(s: ExchangeState): Record<string, string> {
  const sums = new Map<string, Decimal>();
  const add = (asset: string, v: string) =>
    sums.set(asset, (sums.get(asset) ?? new Decimal(0)).plus(v));
  for (const [a, v] of Object.entries(s.main)) add(a, v);
  for (const [a, b] of Object.entries(s.trade)) {
    add(a, b.available);
    add(a, b.freeze);
  }
  for (const i of s.flexInvestments) if (i.status === 'ACTIVE') add(i.currency, i.invested);
  return Object.fromEntries([...sums].map(([a, v]) => [a, v.toFixed()]));
}

/** A day's mining reward paid into the main balance: 0.0015 BTC for day 0, unless `over` says otherwise. */
export const miningReward = (over: Partial<MiningReward> = {}): MiningReward => ({
  account: 'miner1',
  day: 0,
  currency: 'BTC',
  totalReward: '0.00153061',
  reward: '0.0015',
  fee: '0.00003061',
  fppsRate: '0.00000045',
  hashrate: '3401355555555555',
  status: 'successful',
  payoutDestination: 'main_balance',
  payoutAddress: null,
  payoutTransactionHash: null,
  payoutTime: null,
  ...over,
});
