import type { ChannelParsed } from '../../shared/contract';
import type { FlexOverview, FlexTransaction } from '../../shared/model';
import type { ExchangeApi } from '../exchange/api';

/** The flex (Earn) group: plans, investments and the main balances to invest from. */

export async function overview(api: ExchangeApi): Promise<FlexOverview> {
  const [plans, investments, balances] = await Promise.all([
    api.flexPlans(),
    api.flexInvestments({ limit: 100 }),
    api.mainBalance(),
  ]);
  return { plans, investments: investments.records, balances, fetchedAt: Date.now() };
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
