import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TaxesView } from '../../../src/renderer/features/taxes/TaxesView';
import { setDesk } from '../../../src/renderer/lib/desk';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import { DeskFailure } from '../../../src/shared/errors';
import type { TaxReport } from '../../../src/shared/model';
import { fakeDesk, type FakeImpl } from '../fakeDesk';
import { THIS_YEAR, taxReport, taxTestSetUp } from './taxFixture';
import { cellByHeader as cell } from '../components/table/cellByHeader';

taxTestSetUp();

const rowsOf = async (table: string, testId: string) =>
  within(await screen.findByRole('table', { name: table })).findAllByTestId(testId);

/** A desk whose report answers `report(input)`; other channels as given. */
function serve(report: (input: { quote: string; year: number }) => TaxReport, more: FakeImpl = {}) {
  const fake = fakeDesk({
    'tax.report': async (input) => report(input as { quote: string; year: number }),
    ...more,
  });
  setDesk(fake.desk);
  return fake;
}

describe('Taxes screen', () => {
  it('says it is computing until the report comes, then shows the year in UTC', async () => {
    let answer: (r: TaxReport) => void = () => undefined;
    const fake = fakeDesk({
      'tax.report': () => new Promise<TaxReport>((resolve) => (answer = resolve)),
    });
    setDesk(fake.desk);
    render(<TaxesView />);
    expect(screen.getByRole('heading', { name: 'Computing the tax report…' })).toBeTruthy();
    expect(fake.callsTo('tax.report')).toEqual([{ quote: 'USDT', year: THIS_YEAR }]);
    await act(async () => answer(taxReport()));
    expect(
      await screen.findByRole('heading', { name: `Tax year ${THIS_YEAR} (UTC)` }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Computing the tax report…' })).toBeNull();
  });

  it('says there is no history yet, and keeps the settings', async () => {
    serve(() =>
      taxReport({ historyFrom: null, years: [], realized: [], income: [], openLots: [] }),
    );
    render(<TaxesView />);
    expect(await screen.findByRole('heading', { name: 'No history yet' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Realized gains' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeTruthy();
  });

  it('says why the report failed, and Try again loads it', async () => {
    let fail = true;
    const fake = serve(() => {
      if (fail) throw new DeskFailure('INTERNAL', 'The history database could not be read.');
      return taxReport();
    });
    render(<TaxesView />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The history database could not be read.');
    // The screen stays usable: the year picker is there.
    expect(screen.getByLabelText('Tax year')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Realized gains' })).toBeTruthy();
    expect(fake.callsTo('tax.report')).toHaveLength(2);
  });

  it('writes realized gains: amounts at the asset places, values at the quote places, UTC days', async () => {
    serve(() => taxReport());
    render(<TaxesView />);
    const rows = await rowsOf('Realized gains', 'tax-realized-row');
    // Newest disposal first.
    expect(rows.map((r) => cell(r, 'Asset').textContent)).toEqual(['ETH', 'BTC']);
    const btc = rows[1]!;
    expect(cell(btc, 'Amount').textContent).toBe('0.09804800 BTC');
    expect(cell(btc, 'Acquired').textContent).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        Date.UTC(THIS_YEAR - 1, 5, 2),
      ),
    );
    // The quote in the header, the figure in the cell.
    expect(cell(btc, 'Proceeds (USDT)').textContent).toBe('6,241.500365');
    // The exact value on hover.
    expect(cell(btc, 'Proceeds').querySelector('.amount')?.getAttribute('title')).toBe(
      '6241.5003648',
    );
    expect(cell(btc, 'Fee').textContent).toBe('6.241500');
    expect(cell(btc, 'Gain').textContent).toBe('1,235.135864');
    expect(cell(btc, 'Term').textContent).toBe('Short');
    expect(cell(rows[0]!, 'Gain').textContent).toBe('−500.500000');
    expect(cell(rows[0]!, 'Term').textContent).toBe('Long');
    // A lot from a deposit without cost is marked, and the mark explained.
    expect(cell(rows[0]!, 'Acquired').textContent).toMatch(/\*$/);
    expect(screen.getByText(/From a deposit whose cost is not entered/)).toBeTruthy();
  });

  it('lists income, open lots, the year-end holdings and the totals', async () => {
    serve(() => taxReport());
    render(<TaxesView />);
    const income = await rowsOf('Income', 'tax-income-row');
    expect(income.map((r) => cell(r, 'Kind').textContent)).toEqual([
      'Flex interest',
      'Mining reward',
    ]);
    expect(cell(income[1]!, 'Amount').textContent).toBe('0.00000001 BTC');
    expect(cell(income[1]!, 'Value').textContent).toBe('0.000500');
    expect(cell(income[0]!, 'Value').textContent).toBe('—');
    const lots = await rowsOf('Open lots', 'tax-open-row');
    expect(cell(lots[0]!, 'Unrealized').textContent).toBe('5,000.123457');
    expect(cell(lots[0]!, 'Days to long term').textContent).toBe('120');
    const held = await rowsOf('Year-end holdings', 'tax-year-end-row');
    expect(cell(held[0]!, 'Value').textContent).toBe('35,000.000000');
    expect(screen.getByTestId('tax-total-Gain').textContent).toBe('734.635864 USDT');
    expect(screen.getByTestId('tax-total-Long-term gain').textContent).toBe('−500.500000 USDT');
  });

  it('writes a fiat quote at 2 places and asks again in the quote Settings chose', async () => {
    const fake = serve(({ quote }) =>
      quote === 'EUR' ? taxReport({ quote: 'EUR', quotePlaces: 2 }) : taxReport(),
    );
    render(<TaxesView />);
    await rowsOf('Realized gains', 'tax-realized-row');
    act(() => useSettings.getState().setQuote('EUR'));
    await waitFor(async () => {
      const rows = await rowsOf('Realized gains', 'tax-realized-row');
      expect(cell(rows[1]!, 'Proceeds (EUR)').textContent).toBe('6,241.50');
    });
    expect(fake.callsTo('tax.report')).toEqual([
      { quote: 'USDT', year: THIS_YEAR },
      { quote: 'EUR', year: THIS_YEAR },
    ]);
  });

  it('masks every amount in privacy mode', async () => {
    useSettings.setState({ privacy: true });
    serve(() => taxReport());
    render(<TaxesView />);
    const rows = await rowsOf('Realized gains', 'tax-realized-row');
    expect(cell(rows[1]!, 'Proceeds').textContent).toBe('•••••');
    expect(cell(rows[1]!, 'Amount').textContent).toBe('••••• BTC');
    expect(screen.getByTestId('tax-total-Gain').textContent).toBe('••••• USDT');
    expect(document.body.textContent).not.toContain('6,241');
    expect(document.body.textContent).not.toContain('734.63');
  });

  it('opens the newest year with history when this year has none, and the picker changes it', async () => {
    const fake = serve(({ year }) => taxReport({ year, years: [THIS_YEAR - 1, THIS_YEAR - 2] }));
    render(<TaxesView />);
    await waitFor(() =>
      expect(fake.callsTo('tax.report')).toContainEqual({ quote: 'USDT', year: THIS_YEAR - 1 }),
    );
    const picker = screen.getByLabelText('Tax year') as HTMLSelectElement;
    await waitFor(() => expect(picker.value).toBe(String(THIS_YEAR - 1)));
    // Newest first.
    expect(Array.from(picker.options).map((o) => o.value)).toEqual([
      String(THIS_YEAR - 1),
      String(THIS_YEAR - 2),
    ]);
    fireEvent.change(picker, { target: { value: String(THIS_YEAR - 2) } });
    await waitFor(() =>
      expect(fake.callsTo('tax.report').at(-1)).toEqual({ quote: 'USDT', year: THIS_YEAR - 2 }),
    );
  });

  it('changing the method keeps it for the year and reloads the report by it', async () => {
    let method: TaxReport['method'] = 'fifo';
    const fake = serve(() => taxReport({ method }), {
      'tax.setYearMethod': async (input) => {
        method = (input as { method: TaxReport['method'] }).method;
        return { yearStartMonth: 1, longTermMonths: 12, methods: {}, defaultMethod: 'fifo' };
      },
    });
    render(<TaxesView />);
    await rowsOf('Realized gains', 'tax-realized-row');
    const select = screen.getByLabelText('Method') as HTMLSelectElement;
    expect(select.value).toBe('fifo');
    fireEvent.change(select, { target: { value: 'hifo' } });
    await waitFor(() =>
      expect((screen.getByLabelText('Method') as HTMLSelectElement).value).toBe('hifo'),
    );
    expect(fake.callsTo('tax.setYearMethod')).toEqual([{ year: THIS_YEAR, method: 'hifo' }]);
    expect(fake.callsTo('tax.report')).toHaveLength(2);
  });

  it('says a refused method change under the method, and the screen stays', async () => {
    serve(() => taxReport(), {
      'tax.setYearMethod': async () => {
        throw new DeskFailure('INTERNAL', 'The history database is busy.');
      },
    });
    render(<TaxesView />);
    await rowsOf('Realized gains', 'tax-realized-row');
    fireEvent.change(screen.getByLabelText('Method'), { target: { value: 'lifo' } });
    expect(
      await screen.findByText('Could not change the method: The history database is busy.'),
    ).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Realized gains' })).toBeTruthy();
  });
});

describe('Taxes: reconciliation', () => {
  it('says the lots match the balances when nothing differs', async () => {
    serve(() => taxReport());
    render(<TaxesView />);
    expect((await screen.findByTestId('tax-reconciled')).textContent).toContain(
      'The lots match the balances',
    );
  });

  it("lists each asset's difference with its message", async () => {
    serve(() =>
      taxReport({
        reconciliation: [
          {
            asset: 'ETH',
            lots: '1',
            balance: '1.25',
            difference: '0.25',
            cause: 'unexplained',
            message: 'The balance holds 0.25 ETH more than the lots; nothing recorded explains it.',
          },
        ],
      }),
    );
    render(<TaxesView />);
    const item = await screen.findByTestId('tax-difference');
    expect(item.textContent).toContain('ETH');
    expect(item.textContent).toContain('0.250000 ETH');
    expect(item.textContent).toContain('nothing recorded explains it');
    expect(screen.queryByTestId('tax-reconciled')).toBeNull();
  });
});

describe('Taxes: a disposal no close valued (kx36)', () => {
  /** The fixture's BTC sale, on a day no close valued it: proceeds, fee and gain stand as 0. */
  const unvaluedReport = () => {
    const report = taxReport();
    const [btc, eth] = report.realized;
    return taxReport({
      realized: [
        { ...btc!, proceeds: '0', fee: '0', gain: '-5000.123', unvalued: true },
        { ...eth!, proceeds: '0', fee: '0', gain: '-3500.5', unvalued: true },
      ],
    });
  };

  it('shows "no price that day" and a dash, never 0 as a value, and says how totals count it', async () => {
    serve(unvaluedReport);
    render(<TaxesView />);
    const rows = await rowsOf('Realized gains', 'tax-realized-row');
    const btc = rows[1]!;
    expect(cell(btc, 'Proceeds').textContent).toBe('no price that day —');
    expect(cell(btc, 'Fee').textContent).toBe('—');
    expect(cell(btc, 'Gain').textContent).toBe('—');
    // The cost is the lot's own, known.
    expect(cell(btc, 'Cost').textContent).toBe('5,000.123000');
    expect(screen.getByText(/the totals count them as 0/).textContent).toContain(
      'No price that day: no close in USDT was known on the day of 2 rows',
    );
  });

  it('a valued row shows its figures and no such note', async () => {
    serve(() => taxReport());
    render(<TaxesView />);
    const rows = await rowsOf('Realized gains', 'tax-realized-row');
    expect(cell(rows[1]!, 'Proceeds').textContent).toBe('6,241.500365');
    expect(screen.queryByText(/No price that day/)).toBeNull();
  });
});
