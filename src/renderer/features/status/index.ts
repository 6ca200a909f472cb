/** What other screens may use of the exchange status: the pill, and the statuses themselves. */
export { StatusPill } from './StatusPill';
import { useStatusStore } from './statusStore';

/** The active exchange's status as main last reported it; undefined before the first report. */
export const useExchangeStatus = () => useStatusStore((s) => s.status);

/** The stream is pushing data (screens need not poll at short intervals). */
export const useLive = () => useStatusStore((s) => s.stream?.mode === 'live');

/**
 * While live, the watched market whose book the exchange refused to stream (its screen polls it),
 * and in how long main asks again; undefined otherwise.
 */
export const useNoLiveBook = () =>
  useStatusStore((s) => (s.stream?.mode === 'live' ? s.stream.noBook : undefined));
