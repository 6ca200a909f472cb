import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  applyChanged,
  applyFired,
  PriceAlertsPanel,
  requestAlertEdit,
} from '../../../src/renderer/features/alerts';
import { setDesk } from '../../../src/renderer/lib/desk';
import { useNotices } from '../../../src/renderer/lib/noticesStore';
import { clearRemotes } from '../../../src/renderer/lib/remote';
import { DeskFailure } from '../../../src/shared/errors';
import type { Market, PriceAlert, PriceAlerts } from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';

const T0 = 1_800_000_000_000;
const BTC = { name: 'BTC_USDT', stock: 'BTC', money: 'USDT', stockPrec: 6, moneyPrec: 2 } as Market;
const ETH = { name: 'ETH_USDT', stock: 'ETH', money: 'USDT', stockPrec: 4, moneyPrec: 1 } as Market;

function serve(refuse?: DeskFailure) {
  let state: PriceAlerts = { alerts: [], fetchedAt: T0 };
  const fake = fakeDesk({
    'priceAlerts.list': async () => state,
    'priceAlerts.add': async (input) => {
      if (refuse) throw refuse;
      const alert: PriceAlert = {
        ...(input as PriceAlert),
        id: state.alerts.length + 1,
        createdAt: T0,
        state: 'armed',
        firedAt: null,
        firedPrice: null,
      };
      state = { alerts: [...state.alerts, alert], fetchedAt: T0 };
      return state;
    },
  });
  setDesk(fake.desk);
  return fake;
}

afterEach(() => {
  cleanup();
  clearRemotes();
  setDesk(undefined);
});

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const add = () => fireEvent.click(screen.getByRole('button', { name: 'Add alert' }));
const errorOf = (label: string) => {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby')?.split(' ')[0];
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('PriceAlertsPanel', () => {
  it('refuses a price of 0, not a number, or finer than the tick, under the price; sends none', async () => {
    const fake = serve();
    render(<PriceAlertsPanel market={BTC} markets={[BTC, ETH]} />);
    await screen.findByText('No price alerts yet.');
    fill('Price (USDT)', '0');
    add();
    expect(errorOf('Price (USDT)')).toBe('Enter a price above 0.');
    fill('Price (USDT)', 'abc');
    add();
    expect(errorOf('Price (USDT)')).toBe('Enter the price as a number, e.g. 0.5.');
    fill('Price (USDT)', '50000.001');
    add();
    expect(errorOf('Price (USDT)')).toBe(
      'Enter the price with at most 2 decimal places: BTC_USDT moves in steps of 0.01.',
    );
    fill('Note (optional)', 'x'.repeat(201));
    fill('Price (USDT)', '3000.5');
    add();
    expect(errorOf('Note (optional)')).toBe('Use at most 200 characters.');
    expect(fake.callsTo('priceAlerts.add')).toEqual([]);
  });

  it('adds an alert and lists it armed; a refusal from main goes under its field', async () => {
    const fake = serve();
    render(<PriceAlertsPanel market={BTC} markets={[BTC, ETH]} />);
    await screen.findByText('No price alerts yet.');
    fill('Price (USDT)', '50000.5');
    fill('Alert', 'every');
    fill('Note (optional)', 'take profit');
    add();
    const row = await screen.findByTestId('price-alert');
    expect(row.getAttribute('data-state')).toBe('armed');
    expect(row.textContent).toContain('BTC/USDT above 50,000.50');
    expect(row.textContent).toContain('every time · take profit');
    expect(fake.callsTo('priceAlerts.add')).toEqual([
      {
        market: 'BTC_USDT',
        direction: 'above',
        price: '50000.5',
        repeat: 'every',
        note: 'take profit',
      },
    ]);

    serve(
      new DeskFailure('INVALID_INPUT', 'BTC_USDT is not a market of this exchange.', {
        market: ['Choose a market this exchange lists.'],
      }),
    );
    fill('Price (USDT)', '1');
    add();
    // The market is the Trade screen's: its refusal is shown at form level.
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Choose a market this exchange lists.',
    );
  });

  it('a firing from main raises a notice at the tick; a change marks the alert fired', async () => {
    serve();
    render(<PriceAlertsPanel market={BTC} markets={[BTC]} />);
    await screen.findByText('No price alerts yet.');
    fill('Price (USDT)', '50000');
    add();
    const row = await screen.findByTestId('price-alert');
    const fired = {
      alert: {
        id: 1,
        createdAt: T0,
        market: 'BTC_USDT',
        direction: 'above' as const,
        price: '50000',
        repeat: 'once' as const,
        note: '',
        state: 'fired' as const,
        firedAt: T0,
        firedPrice: '50001.5',
      },
      price: '50001.5',
      at: T0,
    };
    act(() => {
      applyChanged([fired.alert]);
      applyFired([fired], () => 2);
    });
    expect(row.getAttribute('data-state')).toBe('fired');
    expect(useNotices.getState().shown[0]?.parts.join('')).toBe(
      'Price alert: BTC/USDT above 50,000.00 reached, last price 50,001.50',
    );
  });

  it('a chart line selected opens its alert for editing; a picked price fills the price', async () => {
    serve();
    const { rerender } = render(<PriceAlertsPanel market={BTC} markets={[BTC, ETH]} />);
    await screen.findByText('No price alerts yet.');
    fill('Price (USDT)', '50000.5');
    fill('Note (optional)', 'take profit');
    add();
    await screen.findByRole('button', { name: /Edit the alert/ });
    act(() => requestAlertEdit(1));
    expect(screen.getByRole('form', { name: 'Edit price alert' })).toBeDefined();
    expect((screen.getByLabelText('Price (USDT)') as HTMLInputElement).value).toBe('50000.5');
    expect((screen.getByLabelText('Note (optional)') as HTMLInputElement).value).toBe(
      'take profit',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel edit' }));
    rerender(<PriceAlertsPanel market={BTC} markets={[BTC, ETH]} picked={{ price: '61000.5' }} />);
    expect((screen.getByLabelText('Price (USDT)') as HTMLInputElement).value).toBe('61000.5');
  });
});
