import { afterEach, describe, expect, it } from 'vitest';
import {
  useAlertEditRequest,
  usePriceAlerts,
} from '../../../src/renderer/features/alerts/alertsStore';
import { applyChanged } from '../../../src/renderer/features/alerts';
import { useChartOverlays } from '../../../src/renderer/features/chart/lines';
import { connectChartAlerts } from '../../../src/renderer/features/live/chartAlerts';
import { useMarkets } from '../../../src/renderer/features/trade/tradeStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import { clearRemotes } from '../../../src/renderer/lib/remote';
import type { PriceAlert } from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';
import { BTC_USDT } from '../trade/fixtures';

let disconnect: (() => void) | undefined;
afterEach(() => {
  disconnect?.();
  disconnect = undefined;
  setDesk(undefined);
  clearRemotes();
  useAlertEditRequest.setState({ request: undefined });
});

const alert = (id: number, over: Partial<PriceAlert> = {}): PriceAlert => ({
  id,
  market: 'BTC_USDT',
  direction: 'above',
  price: '70000',
  repeat: 'once',
  note: '',
  createdAt: 0,
  state: 'armed',
  firedAt: null,
  firedPrice: null,
  ...over,
});

const lines = () => useChartOverlays.getState().layers['alerts']?.lines ?? [];

describe('the chart\'s "alerts" layer', () => {
  it('draws armed and "every time" alerts dotted at the tick with the note; follows the list', () => {
    setDesk(fakeDesk({}).desk);
    useMarkets.setState({ data: { markets: [BTC_USDT], fetchedAt: 0 } });
    usePriceAlerts.setState({
      data: {
        alerts: [
          alert(1),
          alert(2, { direction: 'below', price: '60000.5', repeat: 'every', note: 'dip' }),
        ],
        fetchedAt: 0,
      },
    });
    disconnect = connectChartAlerts();
    expect(lines().map((l) => [l.id, l.title, l.style, l.color])).toEqual([
      ['alert:1', 'Alert above 70,000.00 USDT', 'dotted', '--accent'],
      ['alert:2', 'Alert below 60,000.50 USDT · dip', 'dotted', '--accent'],
    ]);
    // A "once" alert that fires goes; an "every time" one that fired stays.
    applyChanged([
      alert(1, { state: 'fired', firedAt: 5, firedPrice: '70001' }),
      alert(2, {
        direction: 'below',
        price: '60000.5',
        repeat: 'every',
        note: 'dip',
        state: 'fired',
      }),
    ]);
    expect(lines().map((l) => l.id)).toEqual(['alert:2']);
    // Removed from the list: its line goes.
    usePriceAlerts.setState({ data: { alerts: [], fetchedAt: 1 } });
    expect(lines()).toEqual([]);
    disconnect();
    disconnect = undefined;
    expect(useChartOverlays.getState().layers['alerts']).toBeUndefined();
  });

  it('selecting a line asks the panel to edit its alert', () => {
    setDesk(fakeDesk({}).desk);
    useMarkets.setState({ data: { markets: [BTC_USDT], fetchedAt: 0 } });
    usePriceAlerts.setState({ data: { alerts: [alert(7)], fetchedAt: 0 } });
    disconnect = connectChartAlerts();
    lines()[0]!.onSelect!();
    expect(useAlertEditRequest.getState().request).toEqual({ id: 7 });
  });
});
