import type { ChannelParsed } from '../../shared/contract';
import { holdingValue, Precise } from '../../shared/decimal';
import { quoteValuePlaces } from '../../shared/format';
import type {
  Assets,
  FlexInterest,
  FlexInterestByMonth,
  FlexOverview,
  FlexPayment,
  FlexPayments,
  FlexTransaction,
  Ticker,
} from '../../shared/model';
import type { ExchangeApi } from '../exchange/api';
import { fetchAllFlexPayments } from '../exchange/paging';
import { PriceBook } from './pricing';

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

/**
 * Every interest payment, per investment (and asset) their exact sum and the latest one, and per
 * month and asset their sum valued in `quote`.
 */
export async function payments(api: ExchangeApi, quote: string): Promise<FlexPayments> {
  const [{ payments: records, capped }, ticker, assets] = await Promise.all([
    fetchAllFlexPayments(api),
    // Only for the values in the quote: without prices the months are listed unvalued.
    api.ticker().catch(() => ({}) as Ticker),
    api.assets().catch(() => ({}) as Assets),
  ]);
  return {
    records,
    interest: interestOf(records),
    byMonth: interestByMonth(
      records,
      new PriceBook(ticker),
      quote,
      quoteValuePlaces(assets[quote]),
    ),
    capped,
    fetchedAt: Date.now(),
  };
}

/** "2026-03": the local month of a time (main runs on the user's machine, in their time zone). */
const monthOf = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};

/**
 * The payments summed per month and asset (exactly), each sum valued in `quote` as the Overview
 * values a holding: the live ticker's price (PriceBook), the value at 8 places. Newest month first.
 */
export function interestByMonth(
  records: readonly FlexPayment[],
  book: PriceBook,
  quote: string,
  places: number,
): FlexInterestByMonth {
  const sums = new Map<
    string,
    { month: string; currency: string; sum: InstanceType<typeof Precise> }
  >();
  for (const payment of records) {
    const month = monthOf(payment.createdAt);
    const key = JSON.stringify([month, payment.currency]);
    const group = sums.get(key);
    if (group) group.sum = group.sum.add(payment.amount);
    else sums.set(key, { month, currency: payment.currency, sum: new Precise(payment.amount) });
  }
  const months = [...sums.values()]
    .sort((a, b) => b.month.localeCompare(a.month) || a.currency.localeCompare(b.currency))
    .map(({ month, currency, sum }) => {
      const price = book.price(currency, quote);
      return {
        month,
        currency,
        amount: sum.toFixed(),
        value: price ? holdingValue(sum.toFixed(), price).toFixed() : null,
      };
    });
  return { quote, quotePlaces: places, months };
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
