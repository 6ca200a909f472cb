import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TransfersView } from '../../../src/renderer/features/transfers/TransfersView';
import { useTransfersStore } from '../../../src/renderer/features/transfers/transfersStore';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import { DeskFailure } from '../../../src/shared/errors';
import type { CsvExport, DepositWithdraw, TransfersPage } from '../../../src/shared/model';
import { clickCopy, stubClipboard } from '../clipboard';
import { fakeDesk } from '../fakeDesk';
import { deferred, resetStores, sizeTableBodies } from '../orders/fixtures';
import { transfer, transfersPage, withdrawal } from './fixtures';

let unsize: () => void;
const { createObjectURL, revokeObjectURL } = URL;
beforeAll(() => {
  unsize = sizeTableBodies();
});
afterAll(() => {
  unsize();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});
beforeEach(resetStores);
afterEach(() => {
  cleanup();
  setDesk(undefined);
  vi.restoreAllMocks();
});

type TransfersInput = { filters: Record<string, unknown>; offset: number; limit: number };

function serve(
  answer: (input: TransfersInput) => TransfersPage,
  exportCsv?: () => Promise<CsvExport>,
) {
  const fake = fakeDesk({
    'transfers.list': async (input) => answer(input as TransfersInput),
    ...(exportCsv ? { 'transfers.exportCsv': exportCsv } : {}),
  });
  setDesk(fake.desk);
  return fake;
}

const rows = () => screen.queryAllByTestId('transfer');
const cells = (row: HTMLElement) => within(row).getAllByRole('cell');
const range = () => screen.getByTestId('history-range').textContent;
const checkbox = (name: RegExp) => screen.getByRole('checkbox', { name });
const statusLabels = () =>
  within(screen.getByRole('group', { name: 'Status' }))
    .getAllByRole('checkbox')
    .map((box) => box.closest('label')!.querySelector('span')!.textContent);

describe('Deposits and withdrawals', () => {
  it('shows each record with its status by name, confirmations and shortened identifiers', async () => {
    const fake = serve(() => ({
      records: [transfer(), withdrawal],
      total: 2,
      offset: 0,
      places: { BTC: 8, USDT: 6 },
      limit: 100,
      fetchedAt: Date.now(),
    }));
    render(<TransfersView />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(fake.callsTo('transfers.list')).toEqual([{ filters: {}, offset: 0, limit: 100 }]);

    const [deposit, out] = rows() as [HTMLElement, HTMLElement];
    const d = cells(deposit);
    expect(d[1]!.textContent).toBe('Deposit');
    expect(d[2]!.textContent).toBe('BTC');
    expect(d[2]!.querySelector('[title]')!.getAttribute('title')).toBe('Bitcoin');
    expect(d[3]!.textContent).toBe('0.25000000 BTC');
    const depositStatus = within(d[5]!).getByText('Successful');
    expect(depositStatus.getAttribute('title')).toBe('Status code 3');
    expect(d[6]!.textContent).toBe('2 / 2');
    expect(d[7]!.textContent).toBe('BTC');
    const address = d[8]!.querySelector('[title]')!;
    expect(address.getAttribute('title')).toBe(transfer().address);
    expect(address.textContent).toBe('bc1qe…00001');
    expect(d[9]!.querySelector('[title]')!.getAttribute('title')).toBe(transfer().transactionHash);

    const w = cells(out);
    expect(w[1]!.textContent).toBe('Withdrawal');
    expect(w[3]!.textContent).toBe('1.50000000 ETH');
    // The fee with its unit (issue 32, item 16).
    expect(w[4]!.textContent).toBe('0.00200000 ETH');
    expect(within(w[5]!).getByText('Pending').getAttribute('title')).toBe('Status code 12');
    expect(w[5]!.textContent).not.toContain('12');
    expect(w[6]!.textContent).toBe('3 / 12');
    expect(w[6]!.querySelector('.conf-fill')!.getAttribute('style')).toContain('width: 25%');
    expect(w[9]!.textContent).toBe('—');
    expect(range()).toBe('Showing 1–2 of 2');
  });

  it('pages by 100 with the total from the page, and stops at what the exchange lets anyone see', async () => {
    const fake = serve(({ offset, limit }) => transfersPage(offset, 2500, limit));
    render(<TransfersView />);
    await waitFor(() => expect(range()).toBe('Showing 1–100 of 2,500'));
    const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    fireEvent.click(next);
    await waitFor(() => expect(range()).toBe('Showing 101–200 of 2,500'));
    expect(fake.callsTo('transfers.list')[1]).toEqual({ filters: {}, offset: 100, limit: 100 });
    expect(previous.disabled).toBe(false);
    expect(screen.queryByText(/first 10,000/)).toBeNull();
  });

  it('disables Next on the last page and says when the exchange shows only the first 10,000', async () => {
    useTransfersStore.setState({ offset: 9900 });
    serve(({ offset, limit }) => transfersPage(offset, 25_000, limit));
    render(<TransfersView />);
    await waitFor(() => expect(range()).toBe('Showing 9,901–10,000 of 25,000'));
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('note').textContent).toContain(
      'The exchange shows only the first 10,000 records',
    );
  });

  it('sends the filters on Apply (statuses by name, codes per method) and clears them on Reset', async () => {
    const fake = serve(({ offset }) => transfersPage(offset, 3));
    render(<TransfersView />);
    await waitFor(() => expect(rows()).toHaveLength(3));

    fireEvent.change(screen.getByLabelText('Method'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Ticker'), { target: { value: 'usdt' } });
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: ' 0xabc ' } });
    fireEvent.change(screen.getByLabelText('Addresses'), {
      target: { value: 'T1\n\n  T2  \n' },
    });
    fireEvent.change(screen.getByLabelText('Memo'), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText('Unique id'), { target: { value: 'u-9' } });
    fireEvent.click(checkbox(/^Pending/));
    fireEvent.click(checkbox(/^Partially successful/));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(fake.callsTo('transfers.list')).toHaveLength(2));
    expect(fake.callsTo('transfers.list')[1]).toEqual({
      filters: {
        transactionMethod: 2,
        ticker: 'USDT',
        address: '0xabc',
        addresses: ['T1', 'T2'],
        memo: '123',
        uniqueId: 'u-9',
        status: [1, 2, 6, 10, 11, 12, 13, 14, 15, 16, 17, 18],
      },
      offset: 0,
      limit: 100,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(fake.callsTo('transfers.list')).toHaveLength(3));
    expect(fake.callsTo('transfers.list')[2]).toEqual({ filters: {}, offset: 0, limit: 100 });
    expect((screen.getByLabelText('Ticker') as HTMLInputElement).value).toBe('');
    expect((checkbox(/^Pending/) as HTMLInputElement).checked).toBe(false);
  });

  it('keeps the filter bar compact: the rarer filters under More filters, closed until one is set', async () => {
    serve(({ offset }) => transfersPage(offset, 1));
    render(<TransfersView />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    const more = screen.getByText('More filters').closest('details')!;
    expect(more.open).toBe(false);
    for (const label of ['Address', 'Memo', 'Unique id', 'Addresses'])
      expect(more.contains(screen.getByLabelText(label))).toBe(true);
    expect(more.contains(screen.getByRole('group', { name: 'Status' }))).toBe(true);
    for (const label of ['Method', 'Ticker'])
      expect(more.contains(screen.getByLabelText(label))).toBe(false);

    fireEvent.click(checkbox(/^Canceled/));
    fireEvent.change(screen.getByLabelText('Memo'), { target: { value: '1' } });
    expect(screen.getByText(/^More filters/).textContent).toBe('More filters (2 set)');
  });

  it('offers only the statuses that exist for the chosen method, by name (codes in the title)', async () => {
    serve(({ offset }) => transfersPage(offset, 0));
    render(<TransfersView />);
    await screen.findByText('No deposits or withdrawals match these filters.');

    // All: the names of both methods.
    expect(statusLabels()).toEqual([
      'Pending',
      'Successful',
      'Canceled',
      'Unconfirmed by user',
      'Partially successful',
      'Frozen (AML check)',
      'Uncredited',
      'Travel rule check',
    ]);
    // Statuses in words: the exchange's codes only in the title (issue 32, item 16).
    expect(checkbox(/^Canceled/).closest('label')!.textContent).toBe('Canceled');
    expect(
      checkbox(/^Canceled/)
        .closest('label')!
        .getAttribute('title'),
    ).toBe('Codes 4, 9');

    fireEvent.change(screen.getByLabelText('Method'), { target: { value: '1' } });
    expect(statusLabels()).toEqual([
      'Successful',
      'Canceled',
      'Unconfirmed by user',
      'Pending',
      'Frozen (AML check)',
      'Uncredited',
      'Travel rule check',
    ]);
    expect(
      checkbox(/^Pending/)
        .closest('label')!
        .getAttribute('title'),
    ).toBe('Code 15');
    expect(
      checkbox(/^Travel rule check/)
        .closest('label')!
        .getAttribute('title'),
    ).toBe('Codes 27, 28');

    fireEvent.change(screen.getByLabelText('Method'), { target: { value: '2' } });
    expect(statusLabels()).not.toContain('Travel rule check');
    expect(statusLabels()).not.toContain('Uncredited');
    expect(statusLabels()).toContain('Partially successful');
    expect(
      checkbox(/^Pending/)
        .closest('label')!
        .getAttribute('title'),
    ).toBe('Codes 1, 2, 6, 10–17');
    expect(
      checkbox(/^Canceled/)
        .closest('label')!
        .getAttribute('title'),
    ).toBe('Code 4');
  });

  it('drops statuses that do not exist for a newly chosen method', async () => {
    const fake = serve(({ offset }) => transfersPage(offset, 1));
    render(<TransfersView />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(checkbox(/^Canceled/)); // 4 and 9
    fireEvent.click(checkbox(/^Travel rule check/)); // deposits only
    fireEvent.change(screen.getByLabelText('Method'), { target: { value: '2' } });
    expect((checkbox(/^Canceled/) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(fake.callsTo('transfers.list')).toHaveLength(2));
    expect(fake.callsTo('transfers.list')[1]).toEqual({
      filters: { transactionMethod: 2, status: [4] },
      offset: 0,
      limit: 100,
    });
  });

  it('refuses more than 20 addresses under the field and sends nothing', async () => {
    const fake = serve(({ offset }) => transfersPage(offset, 1));
    render(<TransfersView />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    const field = screen.getByLabelText('Addresses');
    const many = Array.from({ length: 21 }, (_, i) => `addr-${i}`).join('\n');
    fireEvent.change(field, { target: { value: many } });
    expect(screen.getByText('One per line, at most 20 · 21 entered')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const described = field.getAttribute('aria-describedby')!.split(' ');
    const messages = described.map((id) => document.getElementById(id)?.textContent);
    expect(messages).toContain('At most 20 addresses.');
    expect(fake.callsTo('transfers.list')).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('Ticker'), { target: { value: 'X'.repeat(21) } });
    fireEvent.change(field, { target: { value: 'one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('Use at most 20 characters.')).toBeTruthy();
    expect(screen.queryByText('At most 20 addresses.')).toBeNull();
    expect(fake.callsTo('transfers.list')).toHaveLength(1);
  });

  it('exports CSV in the page: a Blob, an object URL and a clicked <a download>', async () => {
    const csv = 'Time,Type\r\n2026-11-20T09:30:15.000Z,Deposit\r\n';
    const answer = deferred<CsvExport>();
    const fake = serve(
      ({ offset }) => transfersPage(offset, 2500),
      () => answer.promise,
    );
    const createUrl = vi.fn((_blob: Blob) => 'blob:csv-1');
    Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() });
    const clicked: { download: string; href: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ download: this.download, href: this.href, attached: this.isConnected });
    });

    render(<TransfersView />);
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    fireEvent.change(screen.getByLabelText('Ticker'), { target: { value: 'btc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(fake.callsTo('transfers.list')).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const busy = screen.getByRole('button', { name: 'Exporting…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(screen.getByRole('progressbar', { name: 'Exporting' })).toBeTruthy();
    expect(fake.callsTo('transfers.exportCsv')).toEqual([{ filters: { ticker: 'BTC' } }]);

    answer.resolve({ filename: 'exchange-desk-transfers-2026-11-22.csv', rows: 2500, csv });
    expect(
      await screen.findByText('Downloaded 2,500 rows as exchange-desk-transfers-2026-11-22.csv'),
    ).toBeTruthy();
    expect(createUrl).toHaveBeenCalledTimes(1);
    const blob = createUrl.mock.calls[0]![0];
    expect(blob.type).toBe('text/csv;charset=utf-8');
    expect(await blob.text()).toBe(csv);
    expect(clicked).toEqual([
      { download: 'exchange-desk-transfers-2026-11-22.csv', href: 'blob:csv-1', attached: true },
    ]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('says where main saved the CSV, says nothing when the save was cancelled, and shows a failure', async () => {
    let next: () => Promise<CsvExport> = async () => ({
      filename: 'x.csv',
      rows: 2500,
      savedTo: '/home/me/Documents/exchange-desk-transfers.csv',
    });
    serve(
      ({ offset }) => transfersPage(offset, 2500),
      () => next(),
    );
    const createUrl = vi.fn(() => 'blob:never');
    Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() });
    render(<TransfersView />);
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(
      await screen.findByText('Saved 2,500 rows to /home/me/Documents/exchange-desk-transfers.csv'),
    ).toBeTruthy();

    next = async () => ({ filename: 'x.csv', rows: 2500, cancelled: true });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(screen.queryByText(/Saved 2,500 rows/)).toBeNull());
    await screen.findByRole('button', { name: 'Export CSV' });
    expect(screen.queryByText(/Downloaded/)).toBeNull();

    next = async () => {
      throw new DeskFailure('EXCHANGE_RATE_LIMIT', 'Too many requests.').toDeskError();
    };
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Export failed: Too many requests.',
    );
    expect(createUrl).not.toHaveBeenCalled();
  });

  it('shows a load error with a retry', async () => {
    let fail = true;
    serve(({ offset }) => {
      if (fail)
        throw new DeskFailure('EXCHANGE_NETWORK', 'The exchange did not answer.').toDeskError();
      return transfersPage(offset, 1);
    });
    render(<TransfersView />);
    expect(await screen.findByText('The exchange did not answer.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('hides amounts and fees in privacy mode', async () => {
    useSettings.setState({ privacy: true });
    serve(() => ({
      records: [transfer({ amount: '0.98765' }), { ...withdrawal, amount: '4321.5' }],
      total: 2,
      offset: 0,
      places: {},
      limit: 100,
      fetchedAt: Date.now(),
    }));
    render(<TransfersView />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const text = screen.getByRole('table', { name: 'Deposits and withdrawals' }).textContent ?? '';
    for (const amount of ['0.98765', '4,321', '0.002']) expect(text).not.toContain(amount);
    expect(text).toContain('•••••');
    expect(text).toContain('3 / 12');
  });
});

describe('Copying identifiers and opening transactions', () => {
  const HASH = 'a275a514013e4e0f927fd0d1bed215e7f6f2c4c6ce762836fe135ec22529d886';

  /** The page shows `records`; answers the clipboard's spy. */
  async function show(...records: DepositWithdraw[]) {
    const writeText = stubClipboard();
    serve(() => ({
      records,
      total: records.length,
      offset: 0,
      limit: 100,
      places: {},
      fetchedAt: 1,
    }));
    render(<TransfersView />);
    await waitFor(() => expect(rows()).toHaveLength(records.length));
    return writeText;
  }
  const link = (row: HTMLElement) => within(cells(row)[9]!).queryByRole('link');

  it('copies the whole address, transaction hash and unique id, though the cells shorten them', async () => {
    const address = 'bc1qexampleaddress0000000000000000000000001';
    const uniqueId = 'withdraw-2026-11-20-000000000000042';
    const writeText = await show(transfer({ address, transactionHash: HASH, uniqueId }));
    const c = cells(rows()[0]!);
    expect(c[8]!.textContent).toBe('bc1qe…00001');
    expect(c[10]!.textContent).toBe('withd…00042');
    await clickCopy(c[8]!, 'Copy address');
    await clickCopy(c[9]!, 'Copy transaction hash');
    await clickCopy(c[10]!, 'Copy unique id');
    expect(writeText.mock.calls).toEqual([[address], [HASH], [uniqueId]]);
    expect(c[10]!.textContent).toContain('Copied');
  });

  it('has no copy button where there is nothing to copy', async () => {
    await show({ ...withdrawal, uniqueId: null });
    const c = cells(rows()[0]!);
    for (const i of [9, 10]) {
      expect(c[i]!.textContent).toBe('—');
      expect(within(c[i]!).queryByRole('button')).toBeNull();
    }
  });

  it('links a well-formed hash of a known network to its explorer, opened outside the app', async () => {
    await show(
      transfer({ network: 'BTC', transactionHash: HASH }),
      transfer({ network: 'TRC20', ticker: 'USDT', transactionHash: HASH }),
      transfer({ network: null, ticker: 'LTC', transactionHash: HASH }),
    );
    const [btc, trc20, ltc] = rows() as [HTMLElement, HTMLElement, HTMLElement];
    const a = link(btc)!;
    expect(a.getAttribute('href')).toBe(`https://mempool.space/tx/${HASH}`);
    // A new window: main's window-open handler sends allowlisted https links to the browser.
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    expect(a.textContent).toBe('a275a…9d886');
    expect(a.getAttribute('title')).toBe(HASH);
    expect(a.getAttribute('aria-label')).toBe('View transaction a275a…9d886 on mempool.space');
    expect(link(trc20)!.getAttribute('href')).toBe(`https://tronscan.org/#/transaction/${HASH}`);
    expect(link(ltc)!.getAttribute('href')).toBe(
      `https://blockchair.com/litecoin/transaction/${HASH}`,
    );
  });

  it('gives no link for an unknown network or a hash not of its shape, and copies it as it is', async () => {
    const hostile = 'abc/../x?y';
    const writeText = await show(
      transfer({ network: 'LIGHTNING', transactionHash: HASH }),
      transfer({ network: 'BTC', transactionHash: hostile }),
      transfer({ network: 'SOL', ticker: 'SOL', transactionHash: HASH }),
    );
    for (const row of rows()) {
      expect(link(row)).toBeNull();
      expect(
        within(cells(row)[9]!).getByRole('button', { name: 'Copy transaction hash' }),
      ).toBeTruthy();
    }
    await clickCopy(cells(rows()[1]!)[9]!, 'Copy transaction hash');
    expect(writeText.mock.calls).toEqual([[hostile]]);
    expect(document.querySelector('a[href]')).toBeNull();
  });
});
