export { ChartPanel } from './ChartPanel';
export { applyCandle, useChartFills } from './chartStore';
export {
  fillMarkers,
  orderLines,
  useChartOverlays,
  type ChartLayer,
  type ChartLine,
  type ChartMarker,
} from './lines';
