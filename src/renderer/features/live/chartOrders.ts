import type { Market } from '../../../shared/model';
import { useSettings } from '../../lib/settingsStore';
import { fillMarkers, orderLines, useChartFills, useChartOverlays } from '../chart';
import { openActiveOrder, openFilledOrder, useActiveOrders } from '../orders';
import { useMarkets } from '../trade';

/** The chart's layer of your orders and fills (features/chart/lines.ts). */
export const ORDERS_LAYER = 'orders';

/**
 * Draws your orders and fills on Trade's chart: the active list (live, as the stream changes it)
 * becomes the `orders` layer's lines, the chart's fills its markers, in privacy mode without
 * amounts; a line opens its order in Orders, a marker its order's deals. The active orders are
 * loaded once the chart shows. Kept up to date from the stores it reads until the returned
 * function is called.
 */
export function connectChartOrders(): () => void {
  let last: unknown[] = [];
  const publish = () => {
    // The chart is shown (it loads its fills): the active orders are loaded for it too, and
    // then follow the stream and every order placed or canceled.
    const active = useActiveOrders.getState();
    if (useChartFills.getState().used && !active.used) void active.load();
    const orders = useActiveOrders.getState().data?.orders;
    const deals = useChartFills.getState().data?.records;
    const markets = useMarkets.getState().data?.markets;
    const privacy = useSettings.getState().privacy;
    const numberFormat = useSettings.getState().numberFormat;
    const inputs = [orders, deals, markets, privacy, numberFormat];
    if (inputs.every((v, i) => v === last[i])) return;
    last = inputs;
    const byName = new Map<string, Market>((markets ?? []).map((m) => [m.name, m]));
    const lines = [...new Set((orders ?? []).map((o) => o.market))].flatMap((name) => {
      const market = byName.get(name);
      return market
        ? orderLines(orders ?? [], market, privacy, (o) => openActiveOrder(o.orderId))
        : [];
    });
    const fillsMarket = byName.get(useChartFills.getState().query ?? '');
    const markers =
      deals && fillsMarket
        ? fillMarkers(deals, fillsMarket, privacy, (d) => {
            if (d.orderId) openFilledOrder(d.market, d.orderId);
          })
        : [];
    useChartOverlays.getState().setLayer(ORDERS_LAYER, { lines, markers });
  };
  publish();
  const offs = [
    useActiveOrders.subscribe(publish),
    useChartFills.subscribe(publish),
    useMarkets.subscribe(publish),
    useSettings.subscribe(publish),
  ];
  return () => {
    offs.forEach((off) => off());
    useChartOverlays.getState().setLayer(ORDERS_LAYER, undefined);
  };
}
