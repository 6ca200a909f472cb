import { channel, event, noInput } from './common';
import type { ExchangeStatus } from '../model';

/** Whether the exchange answers, checked in the background or now. */
export const exchange = {
  status: channel<ExchangeStatus>()(noInput),
  checkNow: channel<ExchangeStatus>()(noInput),
} as const;

export const exchangeEvents = {
  'exchange.status': event<ExchangeStatus>(),
} as const;
