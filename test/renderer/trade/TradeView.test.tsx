import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useProfilesStore } from '../../../src/renderer/features/accounts/profilesStore';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import { useShellStore } from '../../../src/renderer/lib/shellStore';
import { TradeView } from '../../../src/renderer/features/trade/TradeView';
import { useTradeStore } from '../../../src/renderer/features/trade/tradeStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import { DeskFailure } from '../../../src/shared/errors';
import type { PlacementOutcome, TradeContext } from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';
import {
  BTC_USDT,
  DOT_USDT,
  ETH_USDT,
  context,
  leaveTradeScreen,
  resetTradeScreen,
} from './fixtures';

beforeEach(() => {
  resetTradeScreen();
  useProfilesStore.setState({ state: undefined, fetchedAt: undefined, error: undefined });
});
afterEach(leaveTradeScreen);

const PLACED: PlacementOutcome = {
  outcome: 'placed',
  clientOrderId: 'desk-abc123',
  orderId: 4242,
  market: 'BTC_USDT',
  side: 'buy',
  dealStock: '0.01',
  dealMoney: '600.12',
  dealFee: '0.6',
  status: 'FILLED',
  reconciled: false,
};

type PlaceImpl = (input: unknown) => Promise<PlacementOutcome>;

function setup(
  place: PlaceImpl = async () => PLACED,
  ctx: (m: string) => TradeContext = () => context(),
) {
  const fake = fakeDesk({
    'trade.markets': async () => [BTC_USDT, ETH_USDT, DOT_USDT],
    'trade.context': async (input) => ctx((input as { market: string }).market),
    'orders.place': place,
    'orders.active': async () => ({ orders: [], capped: false, fetchedAt: Date.now() }),
  });
  setDesk(fake.desk);
  return fake;
}

async function open(place?: PlaceImpl, ctx?: (m: string) => TradeContext) {
  const fake = setup(place, ctx);
  render(<TradeView />);
  await screen.findByRole('button', { name: 'Review order' });
  return fake;
}

const amount = () => screen.getByRole('textbox', { name: /^Amount/ });
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const kind = (label: RegExp) => fireEvent.click(screen.getByRole('radio', { name: label }));
const review = () => fireEvent.click(screen.getByRole('button', { name: 'Review order' }));

/** The message an input points at through aria-describedby (its error), asserting aria-invalid. */
function errorUnder(input: HTMLElement): string {
  expect(input.getAttribute('aria-invalid')).toBe('true');
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  const error = ids
    .map((id) => document.getElementById(id))
    .find((el) => el?.className === 'field-error');
  return error?.textContent ?? '';
}

describe('Trade screen', () => {
  it('shows best bid, best ask, last price and both balances of the chosen market', async () => {
    const fake = await open();
    expect(screen.getByTestId('best-bid').textContent).toBe('59,900.00 USDT');
    expect(screen.getByTestId('best-ask').textContent).toBe('60,000.00 USDT');
    expect(screen.getByTestId('last-price').textContent).toBe('60,000.00 USDT');
    expect(screen.getByTestId('balance-stock').textContent).toContain('0.5000 BTC');
    expect(screen.getByTestId('balance-money').textContent).toContain('1,000.00 USDT');
    expect(fake.callsTo('trade.context')).toEqual([{ market: 'BTC_USDT' }]);
    expect(fake.callsTo('trade.markets')).toHaveLength(1);
    // The unit sits beside the amount and follows the order type.
    expect(amount().closest('[data-unit]')?.getAttribute('data-unit')).toBe('BTC');
    kind(/Market buy/);
    expect(screen.getByRole('textbox', { name: /Amount to spend \(USDT\)/ })).toBeTruthy();
    expect(amount().closest('[data-unit]')?.getAttribute('data-unit')).toBe('USDT');
    expect((screen.getByRole('radio', { name: 'Sell BTC' }) as HTMLInputElement).disabled).toBe(
      true,
    );
  });

  it('writes balances at the asset’s places, the exact value on hover', async () => {
    await open(undefined, () =>
      context({
        stock: { available: '2', freeze: '0.0105411186958' },
        money: { available: '18752.2581348352', freeze: '0' },
      }),
    );
    // BTC at the market's 4 places, USDT at 2: never the exchange's 13 digits.
    expect(screen.getByTestId('balance-stock').textContent).toBe('2.0000 BTC · in orders 0.0105');
    expect(screen.getByTestId('balance-money').textContent).toBe('18,752.26 USDT · in orders 0.00');
    expect(screen.getByText('18,752.26').getAttribute('title')).toBe('18752.2581348352');
  });

  it('hides amounts of balances in privacy mode', async () => {
    useSettings.setState({ privacy: true });
    await open();
    expect(screen.getByTestId('balance-stock').textContent).not.toContain('0.5');
  });

  it('searches markets by name, stock or money and switches market with the keyboard', async () => {
    const fake = await open(undefined, (m) =>
      m === 'ETH_USDT' ? context({ market: ETH_USDT }) : context(),
    );
    const picker = screen.getByRole('combobox', { name: 'Market' });
    fireEvent.focus(picker);
    type(picker, 'eth');
    const list = screen.getByRole('listbox', { name: 'Markets' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.querySelector('.trade-option-name')?.textContent),
    ).toEqual(['ETH/USDT']);
    fireEvent.keyDown(picker, { key: 'Enter' });
    await waitFor(() =>
      expect(fake.callsTo('trade.context')).toContainEqual({ market: 'ETH_USDT' }),
    );
    await screen.findByRole('textbox', { name: 'Amount (ETH)' });
    expect(useTradeStore.getState().market).toBe('ETH_USDT');
    fireEvent.focus(picker);
    type(picker, 'usdt');
    expect(within(list).getAllByRole('option')).toHaveLength(3);
  });

  describe('each check failing shows its message under its field and sends nothing', () => {
    const cases: {
      name: string;
      fill: () => void;
      field: () => HTMLElement;
      message: string;
    }[] = [
      { name: 'empty', fill: () => undefined, field: amount, message: 'Enter the amount.' },
      {
        name: 'non-numeric',
        fill: () => type(amount(), '1e3'),
        field: amount,
        message: 'Enter the amount as a number, e.g. 0.5.',
      },
      {
        name: 'zero',
        fill: () => type(amount(), '0'),
        field: amount,
        message: 'The amount must be greater than 0.',
      },
      {
        name: 'below minimum amount',
        fill: () => type(amount(), '0.00005'),
        field: amount,
        message: 'At least 0.0001 BTC',
      },
      {
        name: 'off the amount step',
        fill: () => type(amount(), '0.00015'),
        field: amount,
        message: 'Use at most 4 decimals (step 0.0001 BTC)',
      },
      {
        name: 'spend below minimum total',
        fill: () => {
          kind(/Market buy/);
          type(amount(), '4.99');
        },
        field: amount,
        message: 'At least 5 USDT (minimum total)',
      },
      {
        name: 'spend above maximum total',
        fill: () => {
          kind(/Market buy/);
          type(amount(), '1000001');
        },
        field: amount,
        message: 'At most 1,000,000 USDT',
      },
      {
        name: 'limit below minimum total',
        fill: () => {
          kind(/Limit/);
          type(amount(), '0.0001');
          type(screen.getByRole('textbox', { name: /Limit price/ }), '100');
        },
        field: amount,
        message: 'Total 0.01 USDT is below the minimum total of 5 USDT',
      },
      {
        name: 'limit above maximum total',
        fill: () => {
          kind(/Limit/);
          type(amount(), '100');
          type(screen.getByRole('textbox', { name: /Limit price/ }), '60000');
        },
        field: amount,
        message: 'At most 1,000,000 USDT in total',
      },
      {
        name: 'price precision',
        fill: () => {
          kind(/Limit/);
          type(amount(), '0.01');
          type(screen.getByRole('textbox', { name: /Limit price/ }), '60000.123');
        },
        field: () => screen.getByRole('textbox', { name: /Limit price/ }),
        message: 'Use at most 2 decimals for the price (tick 0.01 USDT)',
      },
      {
        name: 'not enough money',
        fill: () => type(amount(), '0.02'),
        field: amount,
        message: 'Not enough USDT: available 1,000.00 USDT, needed ≈ 1,201.00 USDT',
      },
      {
        name: 'not enough stock',
        fill: () => {
          fireEvent.click(screen.getByRole('radio', { name: 'Sell BTC' }));
          type(amount(), '0.6');
        },
        field: amount,
        message: 'Not enough BTC: available 0.5000 BTC',
      },
      {
        name: 'bad client order id',
        fill: () => {
          type(amount(), '0.01');
          type(screen.getByRole('textbox', { name: /Client order id/ }), 'my order!');
        },
        field: () => screen.getByRole('textbox', { name: /Client order id/ }),
        message: 'Use letters, digits, -, . and _ only (at most 64).',
      },
      {
        name: 'post-only with IOC',
        fill: () => {
          kind(/Limit/);
          type(amount(), '0.01');
          type(screen.getByRole('textbox', { name: /Limit price/ }), '59000');
          fireEvent.click(screen.getByRole('checkbox', { name: /Post-only/ }));
          fireEvent.click(screen.getByRole('checkbox', { name: /Immediate or cancel/ }));
        },
        field: () => screen.getByRole('checkbox', { name: /Post-only/ }),
        message: 'Post-only and immediate-or-cancel exclude each other: choose one.',
      },
    ];
    for (const c of cases) {
      it(c.name, async () => {
        const fake = await open();
        c.fill();
        review();
        expect(errorUnder(c.field())).toBe(c.message);
        expect(document.activeElement).toBe(c.field());
        expect(screen.queryByRole('dialog')).toBeNull();
        expect(fake.callsTo('orders.place')).toEqual([]);
      });
    }

    it('a paused market', async () => {
      useTradeStore.setState({ market: 'DOT_USDT' });
      const fake = await open(undefined, () => context({ market: DOT_USDT }));
      type(amount(), '0.01');
      review();
      expect(errorUnder(screen.getByRole('combobox', { name: 'Market' }))).toBe(
        'Trading is paused on DOT_USDT.',
      );
      expect(fake.callsTo('orders.place')).toEqual([]);
    });
  });

  it('previews the likely outcome with a slippage warning above 1 %', async () => {
    await open(undefined, () => context({ money: { available: '100000', freeze: '0' } }));
    type(amount(), '0.1');
    const panel = screen.getByRole('region', { name: 'Preview' });
    expect(panel.textContent).toContain('Estimated average price≈\u00a060,720.00 USDT');
    expect(panel.textContent).toContain('Estimated cost≈\u00a06,072.00 USDT');
    // A buy's fee is taken in the BTC it buys: 0.1 % of 0.1 BTC.
    expect(panel.textContent).toContain('Fee (taker 0.1 %)≈\u00a00.0001 BTC');
    expect(panel.textContent).toContain('Estimated to receive≈\u00a00.0999 BTC');
    expect(panel.textContent).toContain('Slippage vs last price1.20 %');
    expect(panel.textContent).toContain('1.20 % worse than the last price (above 1 %)');
    type(amount(), '5');
    expect(panel.textContent).toContain('Not enough depth');
    kind(/Limit/);
    type(amount(), '0.02');
    type(screen.getByRole('textbox', { name: /Limit price/ }), '59000');
    expect(panel.textContent).toContain('Total at your price1,180.00 USDT');
    expect(panel.textContent).toContain('Maker fee (0.1 %)≈\u00a00.00002 BTC if it rests');
  });

  it('states side, amount with its unit and the estimated total before sending', async () => {
    const fake = await open();
    type(amount(), '0.01');
    review();
    const dialog = screen.getByRole('dialog', { name: 'Buy 0.01 BTC on BTC/USDT?' });
    const summary = within(dialog).getByTestId('trade-review');
    expect(summary.textContent).toContain('SideBuy (Market order)');
    expect(summary.textContent).toContain('Amount0.01 BTC');
    expect(within(dialog).getByTestId('trade-review-total').textContent).toBe(
      '≈\u00a0600.00 USDT to pay; you get ≈\u00a00.0100 BTC after a fee of ≈\u00a00.00001 BTC',
    );
    // Focus starts on Cancel; Escape cancels without sending.
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.callsTo('orders.place')).toEqual([]);

    kind(/Market buy/);
    type(amount(), '100');
    review();
    expect(screen.getByTestId('trade-review').textContent).toContain('Amount100 USDT');
    expect(screen.getByTestId('trade-review-total').textContent).toBe(
      '100 USDT spent; you get ≈\u00a00.0016 BTC after a fee of ≈\u00a00.000002 BTC',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    kind(/Limit/);
    fireEvent.click(screen.getByRole('radio', { name: 'Sell BTC' }));
    type(amount(), '0.02');
    type(screen.getByRole('textbox', { name: /Limit price/ }), '65000');
    fireEvent.click(screen.getByRole('checkbox', { name: /Post-only/ }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Self-trade prevention' }), {
      target: { value: 'cancel_both' },
    });
    type(screen.getByRole('textbox', { name: /Client order id/ }), 'sell-1');
    review();
    const limit = screen.getByTestId('trade-review').textContent;
    expect(limit).toContain('SideSell (Limit order)');
    expect(limit).toContain('Amount0.02 BTC');
    expect(limit).toContain('Price65,000 USDT');
    expect(limit).toContain(
      'Receive 1,300.00 USDT at your price, fee ≈\u00a01.30 USDT if it rests',
    );
    expect(limit).toContain(
      'Post-only · Self-trade prevention: Cancel both · Client order id sell-1',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Confirm order' }));
    await screen.findByTestId('trade-outcome');
    expect(fake.callsTo('orders.place')).toEqual([
      {
        kind: 'limit',
        market: 'BTC_USDT',
        side: 'sell',
        amount: '0.02',
        price: '65000',
        clientOrderId: 'sell-1',
        stp: 'cancel_both',
        postOnly: true,
      },
    ]);
  });

  it('sends once: double click on Confirm and Enter in the form while in flight', async () => {
    let release!: (o: PlacementOutcome) => void;
    const fake = await open(() => new Promise((resolve) => (release = resolve)));
    type(amount(), '0.01');
    fireEvent.submit(amount().closest('form')!);
    const confirm = screen.getByRole('button', { name: 'Confirm order' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    fireEvent.submit(amount().closest('form')!);
    fireEvent.keyDown(amount(), { key: 'Enter' });
    expect(fake.callsTo('orders.place')).toHaveLength(1);
    expect((screen.getByRole('button', { name: 'Sending…' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(
      (screen.getByRole('button', { name: 'Review order' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await act(async () => release(PLACED));
    await screen.findByTestId('trade-outcome');
    expect(fake.callsTo('orders.place')).toEqual([
      { kind: 'stock_market', market: 'BTC_USDT', side: 'buy', amount: '0.01' },
    ]);
  });

  it('tells what was filled, reloads balances, and leads to Orders', async () => {
    // A buy's fee is taken in the BTC it buys.
    const fake = await open(async () => ({ ...PLACED, dealFee: '0.00001' }));
    type(amount(), '0.01');
    review();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm order' }));
    const notice = await screen.findByTestId('trade-outcome');
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.textContent).toContain('Bought 0.0100 BTC for 600.12 USDT (fee 0.00001 BTC).');
    expect(notice.textContent).toContain('client order id desk-abc123');
    await waitFor(() => expect(fake.callsTo('trade.context').length).toBeGreaterThanOrEqual(2));
    expect((amount() as HTMLInputElement).value).toBe('');
    // Focus is on Amount for the next order, not dropped to the page.
    await waitFor(() => expect(document.activeElement).toBe(amount()));
    fireEvent.click(within(notice).getByRole('button', { name: 'View in Orders' }));
    expect(useShellStore.getState().screen).toBe('orders');
    expect(useShellStore.getState().ordersTab).toBe('partner');
  });

  it('says when the order was found after the connection dropped', async () => {
    await open(async () => ({ ...PLACED, side: 'sell', reconciled: true }));
    fireEvent.click(screen.getByRole('radio', { name: 'Sell BTC' }));
    type(amount(), '0.01');
    review();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm order' }));
    const notice = await screen.findByTestId('trade-outcome');
    expect(notice.textContent).toContain('Sold 0.0100 BTC for 600.12 USDT (fee 0.60 USDT).');
    expect(notice.textContent).toContain('Found after the connection dropped: it was placed once.');
  });

  it('says a resting limit order waits in Orders', async () => {
    await open(async () => ({
      ...PLACED,
      dealStock: '0',
      dealMoney: '0',
      dealFee: '0',
      status: 'NEW',
    }));
    kind(/Limit/);
    type(amount(), '0.01');
    type(screen.getByRole('textbox', { name: /Limit price/ }), '59000');
    review();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm order' }));
    const notice = await screen.findByTestId('trade-outcome');
    expect(notice.textContent).toContain(
      'Limit order placed: nothing filled yet, it waits on the book.',
    );
    useShellStore.setState({ ordersTab: 'deals' });
    fireEvent.click(within(notice).getByRole('button', { name: 'View in Orders' }));
    expect(useShellStore.getState().ordersTab).toBe('active');
  });

  it('shows an unknown outcome prominently with what to check', async () => {
    const check =
      'The order’s answer was lost and looking it up failed too (connection reset). Before placing it again, check Orders and the order history of BTC_USDT for client order id desk-x1.';
    await open(async () => ({
      outcome: 'unknown',
      clientOrderId: 'desk-x1',
      market: 'BTC_USDT',
      check,
    }));
    type(amount(), '0.01');
    review();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm order' }));
    const alert = await screen.findByTestId('trade-outcome');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toBe(`We could not tell whether the order was placed. ${check}`);
  });

  describe('server errors go under their fields (the demo exchange’s bodies)', () => {
    const refusal = (fields: Record<string, string[]>, message = 'Validation failed') =>
      new DeskFailure('EXCHANGE_VALIDATION', message, fields);
    const cases: {
      code: string;
      fields: Record<string, string[]>;
      limit?: boolean;
      field: () => HTMLElement;
    }[] = [
      {
        code: '30 (side)',
        fields: { side: ['The selected side is invalid.'] },
        field: () => screen.getByRole('radio', { name: 'Buy BTC' }).closest('fieldset')!,
      },
      {
        code: '30 (stp)',
        fields: {
          stp: ['The selected stp is invalid. Allowed: no, cancel_both, cancel_new, cancel_old.'],
        },
        field: () => screen.getByRole('combobox', { name: 'Self-trade prevention' }),
      },
      {
        code: '31',
        fields: { market: ['Market is not available'] },
        field: () => screen.getByRole('combobox', { name: 'Market' }),
      },
      {
        code: '32 (minimum)',
        fields: {
          amount: ['Given amount is less than min amount 0.0001, min amount step is 0.000001.'],
        },
        field: amount,
      },
      { code: '32 (balance)', fields: { amount: ['Not enough balance'] }, field: amount },
      {
        code: '32 (total)',
        fields: { total: ['Total(amount * price) is less than 5.'] },
        limit: true,
        field: amount,
      },
      {
        code: '33',
        fields: { price: ['Price must be greater than 0 with at most 2 decimal places.'] },
        limit: true,
        field: () => screen.getByRole('textbox', { name: /Limit price/ }),
      },
      {
        code: '36',
        fields: {
          client_order_id: [
            'This client order id is already used by an open order on this market.',
          ],
        },
        field: () => screen.getByRole('textbox', { name: /Client order id/ }),
      },
      {
        code: '36 (camelCase)',
        fields: { clientOrderId: ['The client order id must be a string.'] },
        field: () => screen.getByRole('textbox', { name: /Client order id/ }),
      },
      {
        code: 'inner (post-only)',
        fields: { postOnly: ['Post-only order would be executed immediately.'] },
        limit: true,
        field: () => screen.getByRole('checkbox', { name: /Post-only/ }),
      },
    ];
    for (const c of cases) {
      it(`code ${c.code}`, async () => {
        const fake = await open(async () => {
          throw refusal(c.fields);
        });
        if (c.limit) {
          kind(/Limit/);
          type(screen.getByRole('textbox', { name: /Limit price/ }), '59000');
        }
        type(amount(), '0.01');
        review();
        fireEvent.click(screen.getByRole('button', { name: 'Confirm order' }));
        const message = Object.values(c.fields)[0]![0]!;
        await waitFor(() => {
          const field = c.field();
          const described = (field.getAttribute('aria-describedby') ?? '')
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent);
          expect(described).toContain(message);
        });
        expect(screen.getByTestId('trade-alert').textContent).toContain('Nothing was placed');
        expect(fake.callsTo('orders.place')).toHaveLength(1);
      });
    }

    it('anything else goes to a form-level alert with the message', async () => {
      await open(async () => {
        throw new DeskFailure(
          'EXCHANGE_PERMISSION',
          "You don't have permission to use this endpoint.",
        );
      });
      type(amount(), '0.01');
      review();
      fireEvent.click(screen.getByRole('button', { name: 'Confirm order' }));
      expect((await screen.findByTestId('trade-alert')).textContent).toBe(
        "You don't have permission to use this endpoint.",
      );
    });

    it('an unknown field’s message goes to the alert too', async () => {
      await open(async () => {
        throw refusal({ leverage: ['Leverage is not allowed.'] });
      });
      type(amount(), '0.01');
      review();
      fireEvent.click(screen.getByRole('button', { name: 'Confirm order' }));
      expect((await screen.findByTestId('trade-alert')).textContent).toBe(
        'Leverage is not allowed.',
      );
    });
  });
});
