import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SliceTooltip } from '../../../src/renderer/features/overview/AllocationChart';
import { accountValues, allocation } from '../../../src/renderer/features/overview/allocation';
import { OverviewView } from '../../../src/renderer/features/overview/OverviewView';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import { useShellStore } from '../../../src/renderer/lib/shellStore';
import { scaleOf } from '../../../src/renderer/lib/format';
import { formatDecimal, MASK } from '../../../src/renderer/lib/decimal';
import { setDesk } from '../../../src/renderer/lib/desk';
import type { PortfolioOverview } from '../../../src/shared/model';
import { fakeDesk, type FakeImpl } from '../fakeDesk';
import { afterPaint, holdPaints } from '../paint';
import {
  btc,
  deferred,
  dot,
  eth,
  netWorth,
  overview,
  profitLoss,
  overviewScreenHooks,
  row,
  usdt,
  xrp,
} from './fixtures';

overviewScreenHooks();

function serve(answer: (quote: string) => Promise<PortfolioOverview>, extra: FakeImpl = {}) {
  const fake = fakeDesk({
    ...extra,
    'portfolio.overview': (input) => answer((input as { quote: string }).quote),
    // The history below the holdings answers nothing yet: these tests are about the holdings.
    'portfolio.netWorth': async () => netWorth({ points: [], since: null }),
    'portfolio.profitLoss': async () => profitLoss({ rows: [] }),
  });
  setDesk(fake.desk);
  return fake;
}

const rows = () => screen.queryAllByTestId('overview-row');
const tickers = () => rows().map((r) => r.querySelector('.ov-ticker')?.textContent);
const rowOf = (ticker: string) => {
  const found = rows().find((r) =>
    within(r).getAllByRole('cell')[0]!.textContent?.startsWith(ticker),
  );
  if (!found) throw new Error(`No row for ${ticker}`);
  return found;
};
const cells = (ticker: string) =>
  within(rowOf(ticker))
    .getAllByRole('cell')
    .map((c) => c.textContent);
const COLUMN = {
  asset: 0,
  main: 1,
  available: 2,
  frozen: 3,
  flex: 4,
  total: 5,
  price: 6,
  value: 7,
  change: 8,
};

/** The assets table, below the fold: it renders after the first paint, from its own chunk. */
async function assetsTable(): Promise<HTMLElement> {
  await afterPaint();
  return screen.findByRole('table', { name: 'Assets' });
}

async function loaded(data = overview()) {
  const fake = serve(async () => data);
  const view = render(<OverviewView />);
  await screen.findByTestId('overview-total');
  await assetsTable();
  return { fake, ...view };
}

describe('Overview screen', () => {
  it('shows the total in the quote and one row per held asset with its amounts, price, value and change', async () => {
    const { fake } = await loaded();
    expect(fake.callsTo('portfolio.overview')).toEqual([{ quote: 'USDT' }]);
    expect(screen.getByTestId('overview-total').textContent).toBe('73,066.23 USDT');

    expect(cells('BTC')).toEqual([
      'BTCBitcoin',
      '0.51234567',
      // Balances at the asset's precision (the one rule, as Trade writes them).
      '0.10000000',
      '0.02000000',
      '0.25000000',
      '0.88234567',
      '64,000.50',
      '56,470.56',
      '+2.35 %',
      // The row's actions: Receive, and Transfer between main and trade.
      'ReceiveTransfer',
    ]);
    const ethChange = within(rowOf('ETH')).getAllByRole('cell')[COLUMN.change]!;
    expect(ethChange.textContent).toBe('−1.50 %');
    expect(ethChange.querySelector('.down')).toBeTruthy();
    expect(
      within(rowOf('BTC')).getAllByRole('cell')[COLUMN.change]!.querySelector('.up'),
    ).toBeTruthy();
    // Each asset's own precision.
    expect(cells('USDT')[COLUMN.main]).toBe('1,523.77');
    expect(cells('DOT')[COLUMN.total]).toBe('42.1234');
    expect(screen.getByRole('columnheader', { name: /Value \(USDT\)/ })).toBeTruthy();
  });

  it('splits the value by account: main, trade (available and frozen) and flex', async () => {
    await loaded();
    const breakdown = screen.getByTestId('overview-breakdown');
    expect([...breakdown.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual([
      '45,235.55',
      '11,830.56',
      '16,000.13',
    ]);
  });

  it('says flex is not readable in the split when the key cannot read it', async () => {
    await loaded(overview({ flexUnavailable: true }));
    const breakdown = screen.getByTestId('overview-breakdown');
    expect(breakdown.querySelectorAll('dd')[2]!.textContent).toBe('Not readable');
  });

  it('shows "No price" for an asset nothing prices, never 0, and says it is not counted', async () => {
    await loaded();
    const dotCells = within(rowOf('DOT')).getAllByRole('cell');
    expect(dotCells[COLUMN.price]!.textContent).toBe('No price');
    expect(dotCells[COLUMN.value]!.textContent).toBe('No price');
    expect(dotCells[COLUMN.value]!.querySelector('.muted')).toBeTruthy();
    expect(screen.getByTestId('overview-unpriced').textContent).toBe(
      'Not counted: DOT has no price in USDT.',
    );
    expect(screen.queryByTestId('overview-flex-unavailable')).toBeNull();
  });

  it('lists several unpriced assets in one note', async () => {
    await loaded(overview({ unpriced: ['DOT', 'KSM', 'ZEC'] }));
    expect(screen.getByTestId('overview-unpriced').textContent).toBe(
      'Not counted: DOT, KSM and ZEC have no price in USDT.',
    );
  });

  it('says when the key cannot read flex investments', async () => {
    await loaded(overview({ flexUnavailable: true, unpriced: [] }));
    expect(screen.getByTestId('overview-flex-unavailable').textContent).toBe(
      'This key cannot read flex investments; flex amounts are not included.',
    );
    expect(screen.queryByTestId('overview-unpriced')).toBeNull();
  });

  it('switching the quote asks main for the new quote, persists it and shows 8 places for BTC', async () => {
    const fake = serve(async (quote) =>
      quote === 'BTC'
        ? overview({
            quote: 'BTC',
            quotePrecision: 8,
            total: '1.14165991',
            rows: [
              { ...btc, price: '1', value: '0.88234567', change24h: null },
              { ...eth, price: '0.04875', value: '0.2315625' },
              { ...usdt, price: '0.0000156', value: '0.02767081' },
              dot,
            ],
          })
        : overview(),
    );
    render(<OverviewView />);
    await screen.findByTestId('overview-total');
    await assetsTable();
    const select = screen.getByRole('combobox', { name: 'Value in' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['USDT', 'BTC', 'EUR']);

    fireEvent.change(select, { target: { value: 'BTC' } });
    expect(useSettings.getState().quote).toBe('BTC');
    expect(fake.callsTo('portfolio.overview')).toEqual([{ quote: 'USDT' }, { quote: 'BTC' }]);
    expect(await screen.findByText('1.14165991')).toBeTruthy();
    expect(screen.getByTestId('overview-total').textContent).toBe('1.14165991 BTC');
    expect(cells('ETH')[COLUMN.value]).toBe('0.23156250');
    expect(screen.getByTestId('overview-unpriced').textContent).toContain('no price in BTC');
    expect(select.value).toBe('BTC');
  });

  it('the Assets header Transfer opens on the asset whose main balance is worth most, not the first row', async () => {
    const fake = serve(async () => overview({ rows: [xrp, dot, usdt, eth, btc] }), {
      'transfers.balances': async (input) => ({
        ticker: (input as { ticker: string }).ticker,
        main: '1',
        trade: '0',
        places: 8,
        fetchedAt: Date.now(),
      }),
    });
    render(<OverviewView />);
    await screen.findByTestId('overview-total');
    await assetsTable();
    const header = screen.getByRole('heading', { name: 'Assets' }).parentElement!;
    fireEvent.click(within(header).getByRole('button', { name: 'Transfer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer between balances' });
    // BTC's main balance is worth 0.51234567 × 64,000.5 ≈ 32,790 USDT: more than ETH's 10,921.
    expect((within(dialog).getByLabelText('Asset') as HTMLSelectElement).value).toBe('BTC');
    expect(fake.callsTo('transfers.balances')).toContainEqual({ ticker: 'BTC' });
  });

  it('hides zero balances by default and shows them when the toggle is off', async () => {
    await loaded();
    const toggle = screen.getByRole('checkbox', { name: 'Hide zero balances' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(tickers()).not.toContain('XRP');
    expect(rows()).toHaveLength(4);

    fireEvent.click(toggle);
    expect(toggle.checked).toBe(false);
    expect(rows()).toHaveLength(5);
    expect(cells('XRP')[COLUMN.total]).toBe('0.00000000');
    // Zero balances are muted (outside privacy mode).
    expect(
      within(rowOf('XRP')).getAllByRole('cell')[COLUMN.total]!.querySelector('.ov-zero'),
    ).toBeTruthy();
    expect(
      within(rowOf('BTC')).getAllByRole('cell')[COLUMN.total]!.querySelector('.ov-zero'),
    ).toBeNull();
    expect(cells('XRP')[COLUMN.value]).toBe('0.00');
  });

  it('treats "0.000" as zero (decimal, not text) when hiding zero balances', async () => {
    await loaded(overview({ rows: [btc, row({ ticker: 'SHIB', total: '0.000', main: '0.000' })] }));
    expect(rows()).toHaveLength(1);
  });

  it('sorts by value, largest first with the unpriced last, and re-sorts on a header click', async () => {
    await loaded();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Hide zero balances' }));
    // Value 56,470 > 14,821 > 1,773 > 0 > no price.
    expect(tickers()).toEqual(['BTC', 'ETH', 'USDT', 'XRP', 'DOT']);
    const header = screen.getByRole('columnheader', { name: /Value/ });
    expect(header.getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(tickers()).toEqual(['DOT', 'XRP', 'USDT', 'ETH', 'BTC']);

    fireEvent.click(
      within(
        within(screen.getByRole('table', { name: 'Assets' })).getByRole('columnheader', {
          name: /^Asset/,
        }),
      ).getByRole('button'),
    );
    expect(tickers()).toEqual(['BTC', 'DOT', 'ETH', 'USDT', 'XRP']);
  });

  it('sorts by value as decimals, not as text or floats', async () => {
    await loaded(
      overview({
        unpriced: [],
        rows: [
          row({ ticker: 'AAA', total: '1', price: '1', value: '9.99999999' }),
          row({ ticker: 'BBB', total: '1', price: '1', value: '10.00000001' }),
          row({ ticker: 'CCC', total: '1', price: '1', value: '100' }),
        ],
      }),
    );
    expect(tickers()).toEqual(['CCC', 'BBB', 'AAA']);
  });

  it('draws the allocation of the priced assets with a legend of tickers and shares', async () => {
    const { container } = await loaded();
    // The donut's code loads lazily, after the first paint.
    const chart = await waitFor(() => {
      const svg = container.querySelector('svg.recharts-surface');
      expect(svg).not.toBeNull();
      return svg;
    });
    expect(chart?.getAttribute('aria-label')).toContain('Allocation by value in USDT');
    const legend = screen.getByRole('list', { name: 'Allocation by value' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['BTC77.3 %', 'ETH20.3 %', 'USDT2.4 %']);
    // DOT (no price) and XRP (zero value) have no slice.
    expect(container.querySelectorAll('.recharts-pie-sector')).toHaveLength(3);
  });

  it('in privacy mode shows no digit of any amount: total, balances, values, chart', async () => {
    useSettings.setState({ privacy: true });
    const { container } = await loaded();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Hide zero balances' }));
    expect(rows()).toHaveLength(5);

    // Every amount of the fixture, raw and as the page would format it.
    const data = overview();
    const formatted = new Set<string>([formatDecimal(data.total, 2), formatDecimal(data.total, 8)]);
    const raw = new Set<string>([data.total]);
    for (const r of data.rows) {
      for (const amount of [r.main, r.tradeAvailable, r.tradeFrozen, r.flex, r.total]) {
        if (amount === '0') continue;
        raw.add(amount);
        formatted.add(formatDecimal(amount, r.precision));
        formatted.add(formatDecimal(amount, Math.max(2, scaleOf(amount))));
      }
      if (r.value !== null && r.value !== '0') {
        raw.add(r.value);
        formatted.add(formatDecimal(r.value, 2));
        formatted.add(formatDecimal(r.value, 8));
      }
    }
    for (const value of Object.values(accountValues(data.rows))) {
      raw.add(value);
      formatted.add(formatDecimal(value, 2));
    }
    const text = container.textContent ?? '';
    for (const amount of [...raw, ...formatted]) {
      expect(text, `"${amount}" is on the page`).not.toContain(amount);
    }
    // Nor in any attribute (titles, labels); raw strings are left out of this check because the
    // chart's path geometry is full of short numbers.
    const html = container.innerHTML;
    for (const amount of formatted)
      expect(html, `"${amount}" is in the markup`).not.toContain(amount);
    expect(formatted.size).toBeGreaterThan(10);

    expect(screen.getByTestId('overview-total').textContent).toBe(`${MASK} USDT`);
    expect(cells('BTC')[COLUMN.main]).toBe(MASK);
    // Muting zeros would tell zero and non-zero balances apart.
    expect(container.querySelector('.ov-zero')).toBeNull();
    expect(cells('BTC')[COLUMN.value]).toBe(MASK);
    // Market prices and shares are not the user's amounts.
    expect(cells('BTC')[COLUMN.price]).toBe('64,000.50');
    expect(text).toContain('77.3 %');
  });

  it('keeps the last data on screen when a refresh fails, with a banner whose retry loads again', async () => {
    let fail = false;
    const fake = serve(async () => {
      if (fail) throw { code: 'EXCHANGE_UNAVAILABLE', message: 'The exchange did not answer' };
      return overview();
    });
    render(<OverviewView />);
    await screen.findByTestId('overview-total');
    await assetsTable();

    fail = true;
    await act(async () => useShellStore.getState().refresh?.());
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain(
      'The overview could not be refreshed: The exchange did not answer',
    );
    expect(screen.getByTestId('overview-total').textContent).toBe('73,066.23 USDT');
    expect(rows()).toHaveLength(4);

    fail = false;
    fireEvent.click(within(banner).getByRole('button', { name: 'Try again' }));
    await act(async () => {});
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fake.callsTo('portfolio.overview')).toHaveLength(3);
    expect(rows()).toHaveLength(4);
  });

  it('shows skeletons while the first load is in flight, then the data', async () => {
    const answer = deferred<PortfolioOverview>();
    serve(() => answer.promise);
    const { container } = render(<OverviewView />);
    await assetsTable();
    expect(screen.getAllByLabelText('Loading').length).toBeGreaterThanOrEqual(3);
    expect(container.querySelectorAll('.skeleton-row').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('overview-total')).toBeNull();
    expect(screen.getByText('Loading…')).toBeTruthy();

    await act(async () => answer.resolve(overview()));
    expect(screen.queryAllByLabelText('Loading')).toHaveLength(0);
    expect(screen.getByTestId('overview-total').textContent).toBe('73,066.23 USDT');
  });

  it('shows the error with a retry when the first load fails', async () => {
    let fail = true;
    serve(async () => {
      if (fail) throw { code: 'NO_PROFILE', message: 'No active profile' };
      return overview();
    });
    render(<OverviewView />);
    await assetsTable();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No active profile');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('overview-total')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('paints the total first: the assets table and the history come after that paint', async () => {
    holdPaints();
    const fake = serve(async () => overview());
    render(<OverviewView />);
    await screen.findByTestId('overview-total');
    await act(async () => {});
    expect(screen.queryByRole('table', { name: 'Assets' })).toBeNull();
    expect(fake.callsTo('portfolio.netWorth')).toHaveLength(0);
    expect(fake.callsTo('portfolio.profitLoss')).toHaveLength(0);
    await assetsTable();
    expect(rows()).toHaveLength(4);
    await waitFor(() => expect(fake.callsTo('portfolio.profitLoss')).toHaveLength(1));
    expect(fake.callsTo('portfolio.netWorth')).toHaveLength(1);
  });

  it('says so when the account holds nothing', async () => {
    await loaded(overview({ rows: [xrp], total: '0', unpriced: [] }));
    expect(screen.getByText('No balances on this account yet')).toBeTruthy();
    expect(screen.getByText('Nothing priced to show yet.')).toBeTruthy();
  });
});

describe('allocation tooltip', () => {
  const [slice] = allocation([btc, eth, usdt]);

  it('shows ticker, value in the quote and share', () => {
    render(<SliceTooltip slice={slice!} quote="USDT" places={2} />);
    expect(screen.getByTestId('allocation-tooltip').textContent).toBe(
      'BTC56,470.56 USDT77.3 % of the priced total',
    );
  });

  it('hides the value in privacy mode but keeps the share', () => {
    useSettings.setState({ privacy: true });
    render(<SliceTooltip slice={slice!} quote="USDT" places={2} />);
    const text = screen.getByTestId('allocation-tooltip').textContent ?? '';
    expect(text).toBe(`BTC${MASK} USDT77.3 % of the priced total`);
    expect(text).not.toMatch(/56/);
  });
});

describe('net worth and P&L follow the total (issue 32, item 12)', () => {
  it('reload with each refresh of the total, so they are never older than it', async () => {
    let at = 1_000;
    const fake = fakeDesk({
      'portfolio.overview': async () => overview({ fetchedAt: at }),
      'portfolio.netWorth': async () => netWorth({ points: [], since: null, fetchedAt: at }),
      'portfolio.profitLoss': async () => profitLoss({ rows: [], fetchedAt: at }),
    });
    setDesk(fake.desk);
    render(<OverviewView />);
    await screen.findByTestId('overview-total');
    await waitFor(() => expect(fake.callsTo('portfolio.netWorth')).toHaveLength(1));
    await waitFor(() => expect(fake.callsTo('portfolio.profitLoss')).toHaveLength(1));

    // The total refreshes (its timer or the header's Refresh): the history and P&L come with it.
    at = 31_000;
    await act(async () => {
      await useShellStore.getState().refresh?.();
    });
    await waitFor(() => expect(fake.callsTo('portfolio.netWorth')).toHaveLength(2));
    await waitFor(() => expect(fake.callsTo('portfolio.profitLoss')).toHaveLength(2));

    // A total that did not move asks for nothing more.
    await act(async () => {
      await useShellStore.getState().refresh?.();
    });
    await afterPaint();
    expect(fake.callsTo('portfolio.netWorth')).toHaveLength(2);
    expect(fake.callsTo('portfolio.profitLoss')).toHaveLength(2);
  });
});

describe('Receive row action (issue 34 item 3)', () => {
  it('opens the Receive dialog on that row’s asset', async () => {
    serve(async () => overview(), {
      'receive.assets': async () => ({
        assets: [
          { ticker: 'BTC', name: 'Bitcoin', networks: ['BTC'], memo: false },
          { ticker: 'ETH', name: 'Ethereum', networks: ['ERC20'], memo: false },
        ],
        fetchedAt: Date.now(),
      }),
      'receive.address': async (input) => ({
        ...(input as { ticker: string; network: string }),
        address: '0x3f5CE5FBFe3E9af3971dD833D26bA9b5C936f0bE',
        fetchedAt: Date.now(),
      }),
    });
    render(<OverviewView />);
    await assetsTable();
    fireEvent.click(within(rowOf('ETH')).getByRole('button', { name: 'Receive ETH' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive' });
    expect(await within(dialog).findByTestId('receive-address')).toBeTruthy();
    expect((within(dialog).getByLabelText('Asset') as HTMLSelectElement).value).toBe('ETH');
    expect(within(dialog).getByTestId('receive-qr-caption').textContent).toBe('ETH on ERC20');
  });
});
