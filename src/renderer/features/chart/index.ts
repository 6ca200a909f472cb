export { ChartPanel } from './ChartPanel';
export { applyCandle } from './chartStore';
