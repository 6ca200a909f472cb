import { getDesk } from '../../lib/desk';
import { invalidate, STREAMED } from '../../lib/remote';
import { isUnlocked } from '../lock';
import { applyChanged, applyFired } from '../alerts';
import { applyOrdersPush } from '../orders';
import { useOverviewStore } from '../overview';
import { applyCandle } from '../chart';
import { applyPrices, applyTrades, useMarkets, useTradeContext } from '../trade';
import { applyArrivals } from '../transfers';
import { connectChartAlerts } from './chartAlerts';
import { connectChartOrders } from './chartOrders';

/**
 * Follows the exchange's stream (main's `stream.*` events) into the stores that hold the same data
 * (rule 8, docs/architecture.md): prices revalue the Overview, orders change the active list, the watched
 * market's book, trades and balances reach Trade, a resync reloads the streamed slots, a deposit or
 * withdrawal that arrived (main's watch) and a price alert that fired raise a notice. Nothing is
 * applied while the app is locked (the app mounts this only while it is open, and checks again
 * per event: a push may arrive before the lock screen replaces the app). Your orders and fills are
 * drawn on Trade's chart from the same stores (./chartOrders.ts). Returns the unsubscribe.
 */
export function connectLive(): () => void {
  const desk = getDesk();
  const open =
    <P>(apply: (payload: P) => void) =>
    (payload: P) => {
      if (isUnlocked()) apply(payload);
    };
  const offs = [
    desk.on(
      'stream.prices',
      open((push) => {
        useOverviewStore.getState().applyPrices(push);
        applyPrices(push);
      }),
    ),
    desk.on('stream.orders', open(applyOrdersPush)),
    desk.on(
      'stream.book',
      open((push) => useTradeContext.getState().applyBook(push)),
    ),
    desk.on('stream.trades', open(applyTrades)),
    desk.on('stream.candles', open(applyCandle)),
    desk.on(
      'stream.balances',
      open((push) => useTradeContext.getState().applyBalances(push)),
    ),
    desk.on(
      'stream.resync',
      open(() => invalidate(STREAMED)),
    ),
    desk.on('transfers.arrived', open(applyArrivals)),
    // Your orders and fills on Trade's chart follow the stores above.
    connectChartOrders(),
    // Your price alerts on Trade's chart follow the alerts' list.
    connectChartAlerts(),
    desk.on(
      'priceAlerts.fired',
      open((fired) =>
        applyFired(
          fired,
          (name) => useMarkets.getState().data?.markets.find((m) => m.name === name)?.moneyPrec,
        ),
      ),
    ),
    desk.on('priceAlerts.changed', open(applyChanged)),
  ];
  return () => offs.forEach((off) => off());
}
