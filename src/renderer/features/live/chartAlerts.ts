import type { Market, PriceAlert } from '../../../shared/model';
import { formatDecimal } from '../../lib/decimal';
import { requestAlertEdit, usePriceAlerts } from '../alerts';
import { useChartOverlays, type ChartLine } from '../chart';
import { useMarkets } from '../trade';
import { useSettings } from '../../lib/settingsStore';

/** The chart's layer of your price alerts (features/chart/lines.ts). */
export const ALERTS_LAYER = 'alerts';

/**
 * The alerts that can still fire as lines: armed ones, and fired "every time" ones (they arm again);
 * dotted in the accent colour, the price at the market's tick, the note after it. A line opens its
 * alert in the panel for editing.
 */
export function alertLines(
  alerts: readonly PriceAlert[],
  markets: readonly Market[],
  open: (alert: PriceAlert) => void,
): ChartLine[] {
  const byName = new Map(markets.map((m) => [m.name, m]));
  return alerts.flatMap((a) => {
    const market = byName.get(a.market);
    if (!market || (a.state !== 'armed' && a.repeat !== 'every')) return [];
    const price = `${formatDecimal(a.price, market.moneyPrec)} ${market.money}`;
    const note = a.note ? ` · ${a.note}` : '';
    const direction = a.direction === 'above' ? 'above' : 'below';
    return [
      {
        id: `alert:${a.id}`,
        market: a.market,
        price: a.price,
        title: `Alert ${direction} ${price}${note}`,
        label: `Alert ${direction} ${price}${a.repeat === 'every' ? ', every time' : ''}${note}`,
        color: '--accent',
        style: 'dotted',
        onSelect: () => open(a),
      },
    ];
  });
}

/**
 * Draws your price alerts on Trade's chart, following the alerts' list (added, edited, removed,
 * fired) and the markets, until the returned function is called.
 */
export function connectChartAlerts(): () => void {
  let last: unknown[] = [];
  const publish = () => {
    const alerts = usePriceAlerts.getState().data?.alerts;
    const markets = useMarkets.getState().data?.markets;
    const numberFormat = useSettings.getState().numberFormat;
    const inputs = [alerts, markets, numberFormat];
    if (inputs.every((v, i) => v === last[i])) return;
    last = inputs;
    const lines = alertLines(alerts ?? [], markets ?? [], (a) => requestAlertEdit(a.id));
    useChartOverlays.getState().setLayer(ALERTS_LAYER, { lines, markers: [] });
  };
  publish();
  const offs = [
    usePriceAlerts.subscribe(publish),
    useMarkets.subscribe(publish),
    useSettings.subscribe(publish),
  ];
  return () => {
    offs.forEach((off) => off());
    useChartOverlays.getState().setLayer(ALERTS_LAYER, undefined);
  };
}
