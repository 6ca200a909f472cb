import type { ChannelParsed } from '../../shared/contract';
import { Precise } from '../../shared/decimal';
import type {
  Assets,
  FlexInterest,
  FlexOverview,
  FlexPayment,
  FlexPayments,
  FlexTransaction,
} from '../../shared/model';
import type { ExchangeApi } from '../exchange/api';
import { fetchAllFlexPayments } from '../exchange/paging';

/**
 * The flex (Earn) group: plans, investments and the main balances to invest from; the interest
 * paid on them.
 */

export async function overview(api: ExchangeApi): Promise<FlexOverview> {
  const [plans, investments, balances, assets] = await Promise.all([
    api.flexPlans(),
    api.flexInvestments({ limit: 100 }),
    api.mainBalance(),
    // Only for the amount's decimal places: Earn still opens when the public list fails, and the
    // exchange then judges the places itself.
    api.assets().catch(() => ({}) as Assets),
  ]);
  const precisions: Record<string, number> = {};
  for (const { ticker } of plans) {
    const places = assets[ticker]?.currencyPrecision;
    if (places !== undefined) precisions[ticker] = places;
  }
  return { plans, investments: investments.records, balances, precisions, fetchedAt: Date.now() };
}

export function invest(
  api: ExchangeApi,
  { plan, amount, withReinvest }: ChannelParsed<'flex.invest'>,
): Promise<FlexTransaction> {
  return api.flexInvest(plan, amount, withReinvest);
}

/** Closes the ACTIVE investment of a plan. */
export function close(api: ExchangeApi, plan: string): Promise<FlexTransaction> {
  return api.flexClose(plan);
}

/** Every interest payment, and per investment (and asset) their exact sum and the latest one. */
export async function payments(api: ExchangeApi): Promise<FlexPayments> {
  const { payments: records, capped } = await fetchAllFlexPayments(api);
  return { records, interest: interestOf(records), capped, fetchedAt: Date.now() };
}

function interestOf(records: readonly FlexPayment[]): FlexInterest[] {
  const groups = new Map<
    string,
    { sum: InstanceType<typeof Precise>; count: number; last: FlexPayment }
  >();
  for (const payment of records) {
    const key = JSON.stringify([payment.investmentId, payment.currency]);
    const group = groups.get(key);
    if (!group) groups.set(key, { sum: new Precise(payment.amount), count: 1, last: payment });
    else {
      group.sum = group.sum.add(payment.amount);
      group.count += 1;
      if (payment.createdAt > group.last.createdAt) group.last = payment;
    }
  }
  return [...groups.values()]
    .map(({ sum, count, last }) => ({
      investmentId: last.investmentId,
      currency: last.currency,
      total: sum.toFixed(),
      count,
      last,
    }))
    .sort((a, b) => b.last.createdAt - a.last.createdAt);
}
