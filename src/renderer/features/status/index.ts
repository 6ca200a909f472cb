/** What other screens may use of the exchange status: the pill. */
export { StatusPill } from './StatusPill';
