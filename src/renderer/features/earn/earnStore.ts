import { useCallback } from 'react';
import type { FlexPayments, FlexTransaction } from '../../../shared/model';
import type { DeskError } from '../../../shared/errors';
import { getDesk } from '../../lib/desk';
import { createRemote, mutate } from '../../lib/remote';

interface EarnActions {
  /** Invests; rejects with the DeskError main answered with. Earn and Overview reload after. */
  invest(input: { plan: string; amount: string; withReinvest: boolean }): Promise<FlexTransaction>;
  /** Closes the ACTIVE investment of a plan; rejects with the DeskError. Reloads either way. */
  close(plan: string): Promise<FlexTransaction>;
}

/** Plans, investments and main balances (with their fetch time); invest and close. */
export const useEarnStore = createRemote(
  { channel: 'flex.overview', fetch: () => getDesk().flex.overview() },
  (): EarnActions => ({
    invest: (input) => mutate('flex.invest', () => getDesk().flex.invest(input)),
    // A refusal usually means the list is out of date: show what the exchange holds now.
    close: (plan) =>
      mutate('flex.close', () => getDesk().flex.close({ plan }), { reloadOnFailure: true }),
  }),
);

/** An asset the exchange's list gives no places for: a coin's usual 8. */
const UNKNOWN_ASSET_PLACES = 8;

/**
 * An Earn asset's display places by the one number rule: the exchange's `currency_precision` (main
 * sends it with the plans).
 */
export function useEarnPlaces(): (ticker: string) => number {
  const precisions = useEarnStore((s) => s.data?.precisions);
  return useCallback((ticker) => precisions?.[ticker] ?? UNKNOWN_ASSET_PLACES, [precisions]);
}

/**
 * Every interest payment, what each investment has been paid, and the totals per month valued in
 * a quote currency (the query: Settings' quote). Main sums them all.
 */
export const usePaymentsStore = createRemote<FlexPayments, string>({
  channel: 'flex.payments',
  fetch: (quote) => getDesk().flex.payments({ quote }),
});

/** Whether a failure says the key may not use this part of the API (HTTP 403). */
export const isPermissionError = (error: DeskError | undefined): boolean =>
  error?.code === 'EXCHANGE_PERMISSION';
