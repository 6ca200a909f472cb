import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConvertDone, ConvertHistoryView, ConvertQuote } from '../../../src/shared/model';
import { ConvertDialog } from '../../../src/renderer/features/convert';
import { setDesk } from '../../../src/renderer/lib/desk';
import { sizeTableBodies } from '../earn/fixtures';
import { fakeDesk, type FakeImpl } from '../fakeDesk';

const T0 = 1_700_000_000_000;
const ASSETS = [
  { ticker: 'USDT', places: 2 },
  { ticker: 'BTC', places: 8 },
];

/** 100 USDT for 0.0015384 BTC, until `expireAt` (10 s from T0). */
const quote = (id = '101', expireAt = T0 + 10_000): ConvertQuote => ({
  id,
  from: 'USDT',
  to: 'BTC',
  give: '100',
  receive: '0.0015384',
  rate: '0.000015384',
  expireAt,
});

const EMPTY: ConvertHistoryView = { records: [], total: 0, limit: 20, offset: 0, fetchedAt: T0 };

let time = T0;
const clock = () => time;
/** Moves the test's clock and runs the countdown's interval up to it. */
const advance = (ms: number) =>
  act(() => {
    time += ms;
    vi.advanceTimersByTime(ms);
  });

const fieldError = (id: string) => document.getElementById(`${id}-error`)?.textContent;
const button = (name: string) => screen.getByRole('button', { name });

function open(impl: FakeImpl, onDone: (text?: string) => void = () => {}) {
  const fake = fakeDesk({ 'convert.history': async () => EMPTY, ...impl });
  setDesk(fake.desk);
  render(<ConvertDialog assets={ASSETS} onDone={onDone} clock={clock} />);
  return fake;
}

async function quoteFor(amount: string) {
  fireEvent.change(screen.getByRole('textbox', { name: /^Amount/ }), {
    target: { value: amount },
  });
  fireEvent.click(button('Get quote'));
  await screen.findByTestId('convert-quote');
}

describe('ConvertDialog', () => {
  let unsize: () => void;
  beforeAll(() => {
    unsize = sizeTableBodies();
  });
  afterAll(() => unsize());
  beforeEach(() => {
    time = T0;
    // The countdown's interval is the test's; its time is `clock`.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    setDesk(undefined);
  });

  it('shows the quote at the assets’ places and counts down to its expiry', async () => {
    const fake = open({ 'convert.estimate': async () => quote() });
    await quoteFor('100');
    expect(fake.callsTo('convert.estimate')).toEqual([
      { from: 'USDT', to: 'BTC', direction: 'from', amount: '100' },
    ]);
    const shown = screen.getByTestId('convert-quote').textContent;
    expect(shown).toContain('You give100.00 USDT');
    expect(shown).toContain('You receive0.00153840 BTC');
    expect(shown).toContain('Rate1 USDT = 0.00001538 BTC');
    expect(screen.getByTestId('convert-countdown').textContent).toBe('Expires in 10 s');
    advance(1000);
    expect(screen.getByTestId('convert-countdown').textContent).toBe('Expires in 9 s');
    advance(8000);
    expect(screen.getByTestId('convert-countdown').textContent).toBe('Expires in 1 s');
    expect(button('Convert')).toBeTruthy();
  });

  it('counts from when the quote came, not from the last tick before it', async () => {
    open({ 'convert.estimate': async () => quote('101', time + 10_000) });
    time += 900; // between two ticks of the countdown
    await quoteFor('100');
    expect(screen.getByTestId('convert-countdown').textContent).toBe('Expires in 10 s');
  });

  it('once the quote expires on the clock, says so and New quote estimates the same inputs', async () => {
    let next = 101;
    // Each quote holds for 10 s from when it is given.
    const fake = open({ 'convert.estimate': async () => quote(String(next++), time + 10_000) });
    fireEvent.change(screen.getByRole('combobox', { name: 'The amount is' }), {
      target: { value: 'to' },
    });
    await quoteFor('0.0015384');
    advance(10_000);
    expect(screen.getByTestId('convert-expired').textContent).toMatch(/^The quote expired/);
    expect(screen.queryByTestId('convert-countdown')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Convert' })).toBeNull();
    fireEvent.click(button('New quote'));
    await waitFor(() =>
      expect(screen.getByTestId('convert-countdown').textContent).toBe('Expires in 10 s'),
    );
    expect(button('Convert')).toBeTruthy();
    expect(fake.callsTo('convert.estimate')).toEqual([
      { from: 'USDT', to: 'BTC', direction: 'to', amount: '0.0015384' },
      { from: 'USDT', to: 'BTC', direction: 'to', amount: '0.0015384' },
    ]);
    expect(fake.callsTo('convert.confirm')).toEqual([]);
  });

  it('CONVERT_QUOTE_EXPIRED from main: the same expiry, and New quote then converts', async () => {
    let next = 101;
    const fake = open({
      'convert.estimate': async () => quote(String(next++)),
      'convert.confirm': async (input) => {
        if ((input as { quoteId: string }).quoteId === '101') {
          throw {
            code: 'CONVERT_QUOTE_EXPIRED',
            message: 'The quote expired before it was confirmed: nothing was converted.',
            fields: { quoteId: ['The quote expired. Get a new estimate.'] },
          };
        }
        return { quoteId: '102', from: 'USDT', to: 'BTC', give: '100', receive: '0.0015384' };
      },
    });
    await quoteFor('100');
    fireEvent.click(button('Convert'));
    await screen.findByTestId('convert-expired');
    expect(screen.queryByRole('button', { name: 'Convert' })).toBeNull();
    fireEvent.click(button('New quote'));
    await screen.findByTestId('convert-countdown');
    fireEvent.click(button('Convert'));
    await screen.findByTestId('convert-done');
    expect(fake.callsTo('convert.confirm')).toEqual([{ quoteId: '101' }, { quoteId: '102' }]);
  });

  it('confirms once on a double click, the button disabled in flight, then says what was converted', async () => {
    let finish: (done: ConvertDone) => void = () => {};
    const texts: (string | undefined)[] = [];
    const fake = open(
      {
        'convert.estimate': async () => quote(),
        'convert.confirm': () => new Promise<ConvertDone>((resolve) => (finish = resolve)),
      },
      (text) => texts.push(text),
    );
    await quoteFor('100');
    const convert = button('Convert');
    fireEvent.click(convert);
    fireEvent.click(convert);
    await waitFor(() => expect(fake.callsTo('convert.confirm')).toHaveLength(1));
    expect(button('Converting…')).toHaveProperty('disabled', true);
    finish({ quoteId: '101', from: 'USDT', to: 'BTC', give: '100', receive: '0.0015384' });
    const said = 'Converted: gave 100.00 USDT, received 0.00153840 BTC.';
    await waitFor(() => expect(screen.getByTestId('convert-done').textContent).toBe(said));
    expect(fake.callsTo('convert.confirm')).toEqual([{ quoteId: '101' }]);
    // The history is read again after the convert (lib/remote.ts INVALIDATES).
    await waitFor(() => expect(fake.callsTo('convert.history')).toHaveLength(2));
    fireEvent.click(button('Close'));
    expect(texts).toEqual([said]);
  });

  it('puts the form’s own and the exchange’s refusals under their fields', async () => {
    const fake = open({
      'convert.estimate': async () => {
        throw {
          code: 'EXCHANGE_VALIDATION',
          message: 'More than the main balance holds of USDT.',
          fields: { amount: ['More than the main balance holds of USDT.'] },
        };
      },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'To' }), { target: { value: 'USDT' } });
    fireEvent.click(button('Get quote'));
    expect(fieldError('convert-to')).toBe('Choose two different assets.');
    expect(fieldError('convert-amount')).toBeTruthy();
    expect(fake.callsTo('convert.estimate')).toEqual([]);

    fireEvent.change(screen.getByRole('combobox', { name: 'To' }), { target: { value: 'BTC' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Amount/ }), {
      target: { value: '999999' },
    });
    fireEvent.click(button('Get quote'));
    await waitFor(() =>
      expect(fieldError('convert-amount')).toBe('More than the main balance holds of USDT.'),
    );
    expect(fieldError('convert-to')).toBeUndefined();
    expect(await screen.findByRole('button', { name: 'Get quote' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('a failed confirm says what happened, stays usable and offers a new quote', async () => {
    const fake = open({
      'convert.estimate': async () => quote(),
      'convert.confirm': async () => {
        throw { code: 'NETWORK', message: 'The exchange did not answer.' };
      },
    });
    await quoteFor('100');
    fireEvent.click(button('Convert'));
    expect((await screen.findByRole('alert')).textContent).toBe('The exchange did not answer.');
    expect(screen.queryByTestId('convert-expired')).toBeNull();
    fireEvent.click(button('New quote'));
    await waitFor(() => expect(fake.callsTo('convert.estimate')).toHaveLength(2));
  });

  it('lists the last converts: date, given, received, rate', async () => {
    open({
      'convert.history': async () => ({
        ...EMPTY,
        total: 1,
        records: [
          {
            id: '7',
            date: T0,
            from: 'USDT',
            to: 'BTC',
            give: '50',
            receive: '0.0007692',
            rate: '0.000015384',
          },
        ],
      }),
    });
    const row = await screen.findByTestId('convert-row');
    expect(row.textContent).toContain('50.00 USDT');
    expect(row.textContent).toContain('0.00076920 BTC');
    expect(row.textContent).toContain('0.00001538');
    expect(row.querySelector('time')?.getAttribute('datetime')).toBe(new Date(T0).toISOString());
  });
});
