/** What other screens may use of the exchange status: the pill, and the status itself. */
export { StatusPill } from './StatusPill';
import { useStatusStore } from './statusStore';

/** The active exchange's status as main last reported it; undefined before the first report. */
export const useExchangeStatus = () => useStatusStore((s) => s.status);
