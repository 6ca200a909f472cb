import type { ChannelParsed } from '../../shared/contract';
import type { Assets, FlexOverview, FlexTransaction } from '../../shared/model';
import type { ExchangeApi } from '../exchange/api';

/** The flex (Earn) group: plans, investments and the main balances to invest from. */

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
