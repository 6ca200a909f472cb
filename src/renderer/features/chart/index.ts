export { ChartPanel } from './ChartPanel';
