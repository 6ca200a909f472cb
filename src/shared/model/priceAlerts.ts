import type { Decimal, Millis } from './common';

/** Above: fires at or over the price; below: at or under it. */
export type PriceAlertDirection = 'above' | 'below';
/** Once: fires one time and stays fired; every: fires again after the price crossed back. */
export type PriceAlertRepeat = 'once' | 'every';
/** Armed: waiting for the price; fired: reached (an "every" alert re-arms when it crosses back). */
export type PriceAlertState = 'armed' | 'fired';

/** What the user sets: the form's fields. */
export interface PriceAlertSpec {
  market: string;
  direction: PriceAlertDirection;
  /** In the market's money, at most its tick's places. */
  price: Decimal;
  repeat: PriceAlertRepeat;
  /** The user's own words, shown with the notice (may be empty). */
  note: string;
}

export interface PriceAlert extends PriceAlertSpec {
  id: number;
  createdAt: Millis;
  state: PriceAlertState;
  /** When it last fired, and at what price (null: never). */
  firedAt: Millis | null;
  firedPrice: Decimal | null;
}

/** The active profile's alerts, oldest first. */
export interface PriceAlerts {
  alerts: PriceAlert[];
  fetchedAt: Millis;
}

/** One alert reached: the in-app notice's content (`priceAlerts.fired`). */
export interface PriceAlertFired {
  alert: PriceAlert;
  price: Decimal;
  at: Millis;
}
