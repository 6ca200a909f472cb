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

/**
 * Since when the exchange is offline (the stream's word, else the failed check's time), for the
 * screens that freeze what they show; undefined while it answers. Offline as the pill says it.
 */
export const useOfflineSince = () =>
  useStatusStore((s) =>
    s.stream?.mode === 'offline'
      ? s.stream.since
      : s.status?.state === 'offline'
        ? s.status.checkedAt
        : undefined,
  );

/** "00:35": the hour and minute a frozen screen was last current. */
export const offlineClock = (ms: number) =>
  new Date(ms).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
