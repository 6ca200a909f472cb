import Decimal from 'decimal.js';
import { contract } from '../../../shared/contract';
import type { FlexInvestment, FlexPayment, FlexPlan } from '../../../shared/model';
import { formatDecimal, MASK } from '../../lib/decimal';

/** "100000" + "USDT" at 2 -> "100,000.00 USDT": the asset's places (the one number rule), grouped. */
export function amountText(value: string, ticker: string, places: number): string {
  return `${formatDecimal(value, places)} ${ticker}`;
}

/**
 * A plan's `maxRate` is a ratio a year (the demo exchange's plans carry "0.12" for 12 %): shown as a
 * percent, up to 2 places, trailing zeros trimmed ("0.025" -> "2.5 %").
 */
export function ratePercent(maxRate: string): string {
  try {
    return `${new Decimal(maxRate).times(100).toDecimalPlaces(2).toFixed()} %`;
  } catch {
    return maxRate;
  }
}

/**
 * What `amount` would earn at the plan's rate (a ratio a year): a day (× rate ÷ 365) and a month
 * (× rate ÷ 12), at the asset's places: "≈ 0.001781 USDT a day, ≈ 0.054167 USDT a month at up to
 * 5.2 % a year". Undefined while the text is not an amount above 0 (the contract's rule). Decimal.
 */
export function earnEstimate(text: string, plan: FlexPlan, places: number): string | undefined {
  const parsed = contract.flex.invest.input.shape.amount.safeParse(text.trim());
  if (!parsed.success) return undefined;
  try {
    const amount = new Decimal(parsed.data);
    const yearly = amount.times(plan.maxRate);
    if (amount.lte(0) || yearly.isNegative()) return undefined;
    const day = amountText(yearly.div(365).toFixed(), plan.ticker, places);
    const month = amountText(yearly.div(12).toFixed(), plan.ticker, places);
    return `≈ ${day} a day, ≈ ${month} a month at up to ${ratePercent(plan.maxRate)} a year`;
  } catch {
    return undefined;
  }
}

/** "USDT plan": plans are named by their ticker. */
export const planName = (plan: Pick<FlexPlan, 'ticker'>): string => `${plan.ticker} plan`;

/** The plan of an investment or a payment, named; its own asset's when the plan is not listed. */
export function planLabel(
  plans: readonly FlexPlan[],
  of: Pick<FlexInvestment, 'planId' | 'currency'>,
): string {
  return planName({ ticker: plans.find((p) => p.id === of.planId)?.ticker ?? of.currency });
}

/** "USDT plan · active". */
export const investmentLabel = (plans: readonly FlexPlan[], investment: FlexInvestment): string =>
  `${planLabel(plans, investment)} · ${investment.status.toLowerCase()}`;

/**
 * The yearly rate (a ratio, like a plan's) an investment earns by its last payment: the payment x
 * 365 / the amount invested. Undefined where that payment says nothing about it: the investment is
 * not ACTIVE, holds nothing, or changed after the payment (a top-up: the payment was on less).
 */
export function earningRate(
  investment: FlexInvestment,
  last: FlexPayment | undefined,
): string | undefined {
  if (!last || investment.status !== 'ACTIVE' || investment.updatedAt > last.createdAt) return;
  try {
    const invested = new Decimal(investment.invested);
    return invested.gt(0) ? new Decimal(last.amount).times(365).div(invested).toFixed() : undefined;
  } catch {
    return undefined;
  }
}

export const INVEST_AMOUNT_REQUIRED = 'Enter the amount to invest.';
export const INVEST_AMOUNT_POSITIVE = 'Enter an amount above 0.';

/**
 * The client checks of an investment amount, in order: given, numeric (the contract's rule), above
 * 0, at least the plan's minimum, at most its maximum, at most the main-account balance. Answers
 * the message to show under the field, or undefined when the amount may be sent. Decimal only.
 */
export function checkInvestAmount(
  text: string,
  plan: FlexPlan,
  available: string,
  options: { privacy?: boolean; places?: number | undefined } = {},
): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return INVEST_AMOUNT_REQUIRED;
  const parsed = contract.flex.invest.input.shape.amount.safeParse(trimmed);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Enter a number.';
  const amount = new Decimal(parsed.data);
  if (amount.lte(0)) return INVEST_AMOUNT_POSITIVE;
  const { places } = options;
  if (places !== undefined && amount.decimalPlaces() > places)
    return places === 0
      ? `${plan.ticker} has no decimal places: enter a whole number.`
      : `${plan.ticker} has at most ${places} decimal places.`;
  // Written at the asset's places; 8 (a coin's usual) where the exchange gave none.
  const shown = places ?? 8;
  if (amount.lt(plan.minInvestment))
    return `At least ${amountText(plan.minInvestment, plan.ticker, shown)}.`;
  if (amount.gt(plan.maxInvestment))
    return `At most ${amountText(plan.maxInvestment, plan.ticker, shown)}.`;
  if (amount.gt(available)) {
    const have = options.privacy
      ? `${MASK} ${plan.ticker}`
      : amountText(available, plan.ticker, shown);
    return `You have ${have} in the main account.`;
  }
  return undefined;
}
