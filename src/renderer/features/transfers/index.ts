/** What other screens may use of Transfers: where main's news of an arrived transfer lands. */
export { applyArrivals } from './arrivals';
