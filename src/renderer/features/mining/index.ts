/** What other screens may use of Mining: its time axis (round local times, labels that differ). */
export { timeAxisProps, timeTicks } from './timeAxis';
