import { create } from 'zustand';
import type { ChannelInput } from '../../../shared/contract';
import type { PriceAlert, PriceAlertFired, PriceAlerts } from '../../../shared/model';
import { exactText } from '../../../shared/format';
import { formatDecimal } from '../../lib/decimal';
import { getDesk } from '../../lib/desk';
import { useNotices, type Notice } from '../../lib/noticesStore';
import { createRemote, mutate } from '../../lib/remote';

interface AlertActions {
  /** Each rejects with the DeskError (its fields for the form) and takes main's answer. */
  add(input: ChannelInput<'priceAlerts.add'>): Promise<void>;
  edit(input: ChannelInput<'priceAlerts.edit'>): Promise<void>;
  remove(id: number): Promise<void>;
}

/** The active profile's price alerts, as main keeps them (it evaluates them, not the page). */
export const usePriceAlerts = createRemote(
  { channel: 'priceAlerts.list', fetch: () => getDesk().priceAlerts.list() },
  (_get, set): AlertActions => {
    const take = (data: PriceAlerts) => set({ data, error: undefined });
    return {
      async add(input) {
        take(await mutate('priceAlerts.add', () => getDesk().priceAlerts.add(input)));
      },
      async edit(input) {
        take(await mutate('priceAlerts.edit', () => getDesk().priceAlerts.edit(input)));
      },
      async remove(id) {
        take(await mutate('priceAlerts.remove', () => getDesk().priceAlerts.remove({ id })));
      },
    };
  },
);

/** "Price alert: BTC/USDT above 50,000.00 reached, last price 50,010.00 · take profit". */
export function alertNotice({ alert, price, at }: PriceAlertFired, places?: number): Notice {
  const write = (v: string) => (places === undefined ? exactText(v) : formatDecimal(v, places));
  const market = alert.market.replace('_', '/');
  return {
    id: `alert-${alert.id}-${at}`,
    kind: 'alert',
    at,
    label: `the notice: price alert on ${market} ${alert.direction} ${write(alert.price)}`,
    parts: [
      `Price alert: ${market} ${alert.direction} ${write(alert.price)} reached, last price ${write(price)}`,
      alert.note ? ` · ${alert.note}` : '',
    ],
  };
}

/**
 * Main's `priceAlerts.fired`: a notice each (prices at the market's tick: `placesOf` answers its
 * `moneyPrec` when the markets are loaded, else the exact value).
 */
export function applyFired(
  fired: readonly PriceAlertFired[],
  placesOf: (market: string) => number | undefined,
): void {
  useNotices.getState().add(fired.map((f) => alertNotice(f, placesOf(f.alert.market))));
}

/** Main's `priceAlerts.changed`: the list takes the alerts' new states (fired, armed again). */
export function applyChanged(changed: readonly PriceAlert[]): void {
  const data = usePriceAlerts.getState().data;
  if (!data) return;
  const byId = new Map(changed.map((a) => [a.id, a]));
  usePriceAlerts.setState({
    data: { ...data, alerts: data.alerts.map((a) => byId.get(a.id) ?? a) },
  });
}

/**
 * An alert to open for editing in the panel (a line of the chart selected): a new object each
 * request, so the same alert twice opens it twice.
 */
export const useAlertEditRequest = create<{ request: { id: number } | undefined }>()(() => ({
  request: undefined,
}));

export function requestAlertEdit(id: number): void {
  useAlertEditRequest.setState({ request: { id } });
}
