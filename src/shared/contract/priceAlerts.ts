import Decimal from 'decimal.js';
import { z } from 'zod';
import { channel, decimal, event, market, noInput } from './common';
import type { PriceAlert, PriceAlertFired, PriceAlerts } from '../model';

/** A note's longest length (it goes into a desktop notification). */
export const PRICE_ALERT_NOTE_MAX = 200;
/** Alerts a profile keeps at most. */
export const PRICE_ALERTS_MAX = 200;

/**
 * An alert as the form sends it. What needs the exchange's market list (the market is listed, the
 * price has no more places than its tick) main checks when it handles the call, under the same
 * field names.
 */
export const priceAlertInput = z.object({
  market,
  direction: z.enum(['above', 'below'], 'Choose above or below.'),
  price: decimal('price', 'Enter a price.'),
  repeat: z.enum(['once', 'every'], 'Choose once or every time.'),
  note: z
    .string()
    .trim()
    .max(PRICE_ALERT_NOTE_MAX, `Use at most ${PRICE_ALERT_NOTE_MAX} characters.`)
    .default(''),
});

/**
 * The price's refusal when it has more decimal places than the market's tick (`moneyPrec`), or
 * undefined: the form checks it before sending, main again against the exchange's markets.
 */
export function tickError(
  market: { name: string; moneyPrec: number },
  price: string,
): string | undefined {
  let places: number;
  try {
    places = new Decimal(price).decimalPlaces();
  } catch {
    return undefined;
  }
  if (places <= market.moneyPrec) return undefined;
  const tick = new Decimal(10).pow(-market.moneyPrec).toFixed();
  return `Enter the price with at most ${market.moneyPrec} decimal places: ${market.name} moves in steps of ${tick}.`;
}

const alertId = z.number().int().positive();

/** Price alerts: kept in the history database per profile, evaluated in main. */
export const priceAlerts = {
  /** The active profile's alerts, oldest first. */
  list: channel<PriceAlerts>()(noInput),
  /** Adds an alert (armed) and answers the list. */
  add: channel<PriceAlerts>()(priceAlertInput),
  /** Changes an alert; it is armed again. */
  edit: channel<PriceAlerts>()(priceAlertInput.extend({ id: alertId })),
  remove: channel<PriceAlerts>()(z.object({ id: alertId })),
} as const;

export const priceAlertsEvents = {
  /** Alerts main just found reached (the in-app notice; the list's states changed). */
  'priceAlerts.fired': event<PriceAlertFired[]>(),
  /** Alerts whose state a price changed (fired, or an "every time" one armed again): the list. */
  'priceAlerts.changed': event<PriceAlert[]>(),
} as const;
