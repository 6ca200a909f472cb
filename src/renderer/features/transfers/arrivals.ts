import type { TransferArrival, TransfersArrived } from '../../../shared/model';
import { useNotices, type Notice } from '../../lib/noticesStore';
import { invalidate } from '../../lib/remote';
import { arrivalTitle } from '../../../shared/transferStatus';

/**
 * The in-app notice of a deposit or withdrawal that arrived: "Deposit arrived: 0.50000000 BTC
 * (network BTC)", the amount at the asset's places through the Amount component.
 */
export function arrivalNotice(a: TransferArrival, index: number, at: number): Notice {
  return {
    id: `transfer-${at}-${index}`,
    kind: 'transfer',
    at,
    label: `the notice: ${arrivalTitle(a).toLowerCase()}, ${a.ticker}`,
    parts: [
      `${arrivalTitle(a)}: `,
      { amount: a.amount, places: a.places, unit: a.ticker },
      a.network && a.network !== a.ticker ? ` (network ${a.network})` : '',
    ],
  };
}

/**
 * Main's `transfers.arrived` (services/transferWatch.ts): a notice each, and the History reloads
 * (if shown once). The desktop notification is main's own.
 */
export function applyArrivals({ arrivals, at }: TransfersArrived): void {
  invalidate(['transfers.list']);
  useNotices.getState().add(arrivals.map((a, i) => arrivalNotice(a, i, at)));
}
