import { parse } from 'csv-parse/sync';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COINTRACKING_COLUMNS, KOINLY_COLUMNS } from '../../src/main/tax/exports';
import { historyEarliest } from '../../src/shared/executed';
import { startDemoSession, type DemoSession } from './demoSession';
import { TaxesPage } from './pages/taxes';
import { TradePage } from './pages/trade';

/**
 * Issue 36's acceptance "the Koinly export re-read row by row matches the deals", end to end on the
 * demo exchange: a market buy and a market sell of ADA through the Trade screen, then the Taxes
 * screen's Koinly button; the file the page downloads, parsed back, is compared row by row with the
 * exchange's own executed deals of every market, read here over REST with the same key (amounts,
 * currencies, fee, UTC date, the deal id in the description), and its name. The CoinTracking file's
 * Trade rows are held to the same deals.
 */
let session: DemoSession;
let taxes: TaxesPage;

/** A deal as executed-history answers it (`time`: Unix seconds with microseconds). */
interface RestDeal {
  id: number;
  time: number;
  side: 'buy' | 'sell';
  amount: string;
  deal: string;
  fee: string;
  feeAsset: string;
  orderId: number | null;
}

type Deal = RestDeal & { market: string };

/** Every deal of the account, every market (executed-history keyed by market, 500 a page). */
async function allDeals(): Promise<Deal[]> {
  const deals: Deal[] = [];
  for (let offset = 0; ; offset += 500) {
    const answer = await session.post<Record<string, RestDeal[]>>(
      '/api/v4/trade-account/executed-history',
      { limit: 500, offset },
    );
    expect(answer.status).toBe(200);
    const page = Object.entries(answer.json).flatMap(([market, list]) =>
      list.map((d) => ({ ...d, market })),
    );
    deals.push(...page);
    if (page.length < 500) return deals;
  }
}

/** "2026-03-01 10:00:00": the second the deal fell in, UTC. */
const koinlyDate = (d: Deal) =>
  new Date(Math.floor(d.time) * 1000).toISOString().slice(0, 19).replace('T', ' ');

/** What a deal moved: what left (sent) and what came in (received), before the fee. */
function flowOf(d: Deal) {
  const [stock, money] = d.market.split('_') as [string, string];
  const stockLeg = { amount: d.amount, currency: stock };
  const moneyLeg = { amount: d.deal, currency: money };
  const paid = !new Decimal(d.fee).isZero();
  return {
    sent: d.side === 'buy' ? moneyLeg : stockLeg,
    received: d.side === 'buy' ? stockLeg : moneyLeg,
    fee: paid ? { amount: d.fee, currency: d.feeAsset } : { amount: '', currency: '' },
    description: `${d.market} ${d.side} deal ${d.id}${d.orderId ? ` order ${d.orderId}` : ''}`,
  };
}

function koinlyRowOf(d: Deal): Record<string, string> {
  const { sent, received, fee, description } = flowOf(d);
  return {
    Date: koinlyDate(d),
    'Sent Amount': sent.amount,
    'Sent Currency': sent.currency,
    'Received Amount': received.amount,
    'Received Currency': received.currency,
    'Fee Amount': fee.amount,
    'Fee Currency': fee.currency,
    'Net Worth Amount': '',
    'Net Worth Currency': '',
    Label: '',
    Description: description,
    TxHash: '',
  };
}

function cointrackingRowOf(d: Deal): Record<string, string> {
  const { sent, received, fee, description } = flowOf(d);
  return {
    Type: 'Trade',
    'Buy Amount': received.amount,
    'Buy Currency': received.currency,
    'Sell Amount': sent.amount,
    'Sell Currency': sent.currency,
    Fee: fee.amount,
    'Fee Currency': fee.currency,
    Exchange: 'WhiteBIT',
    'Trade-Group': '',
    Comment: description,
    Date: koinlyDate(d),
  };
}

/** The file's header and its rows by header. */
function read(text: string): { header: string[]; rows: Record<string, string>[] } {
  const [header = [], ...rows] = parse(text, { bom: true }) as string[][];
  return {
    header,
    rows: rows.map((row) => Object.fromEntries(header.map((h, i) => [h, row[i] ?? '']))),
  };
}

/** What the export said: "Downloaded 1,234 rows as <file>". */
function said(status: string): { rows: number; filename: string } {
  const match = /^Downloaded ([\d,.\s]+) rows? as (\S+)$/.exec(status);
  expect(match, status).not.toBeNull();
  return { rows: Number(match![1]!.replace(/\D/g, '')), filename: match![2]! };
}

const year = new Date().getUTCFullYear();
/** The year's deals the exchange still keeps (six months back), oldest first, ties by id. */
let expected: Deal[];
/** The two deals made through the app here. */
let mine: Deal[];

beforeAll(async () => {
  session = await startDemoSession('taxExports');
  taxes = new TaxesPage(session.page);

  const trade = new TradePage(session.page);
  await trade.open();
  await trade.chooseMarket('ada', 'ADA/USDT');
  await trade.place({ kind: 'Spend', amount: '20' });
  await trade.outcome.filter({ hasText: 'Bought' }).waitFor();
  await trade.place({ kind: 'Market', side: 'Sell', amount: '20' });
  await trade.outcome.filter({ hasText: 'Sold' }).waitFor();
  // The report syncs the history the exports write (the screen opens on this UTC year).
  await taxes.open();

  const now = Date.now();
  const kept = historyEarliest(now);
  const [from, to] = [Date.UTC(year, 0, 1), Date.UTC(year + 1, 0, 1)];
  const deals = await allDeals();
  expected = deals
    .filter((d) => d.time >= kept && d.time * 1000 >= from && d.time * 1000 < to)
    .sort((a, b) => Math.floor(a.time * 1000) - Math.floor(b.time * 1000) || a.id - b.id);
  mine = deals
    .filter((d) => d.market === 'ADA_USDT')
    .sort((a, b) => a.time - b.time)
    .slice(-2);
}, 180_000);

afterAll(() => session?.stop());

describe('Tax exports on the demo exchange', () => {
  it('the Koinly export re-read row by row matches the exchange’s own deals', async () => {
    // The trades made here are the newest ADA deals: a buy, then a sell.
    expect(mine.map((d) => d.side)).toEqual(['buy', 'sell']);
    expect(expected.length).toBeGreaterThan(10);

    const file = await taxes.download('Koinly');
    expect(file.filename).toBe(`exchange-desk-koinly-${year}.csv`);
    const { header, rows } = read(file.text);
    expect(header).toEqual([...KOINLY_COLUMNS]);
    expect(said(file.status)).toEqual({ rows: rows.length, filename: file.filename });

    // The deal rows (the file also lists deposits, withdrawals and income), in the file's order.
    const dealRows = rows.filter((r) => / deal \d+/.test(r.Description!));
    expect(dealRows.length).toBe(expected.length);
    dealRows.forEach((row, i) =>
      expect(row, `Koinly deal row ${i + 1}`).toEqual(koinlyRowOf(expected[i]!)),
    );
    // The two deals made here are among them, by their ids.
    for (const d of mine) {
      expect(dealRows.filter((r) => r.Description!.includes(` deal ${d.id}`))).toHaveLength(1);
    }
    // Every other row is not a trade: it sends or receives one asset, never both.
    for (const row of rows.filter((r) => !dealRows.includes(r))) {
      expect(row['Sent Currency'] === '' || row['Received Currency'] === '', row.Description).toBe(
        true,
      );
    }
  });

  it('the CoinTracking export’s Trade rows are the same deals', async () => {
    const file = await taxes.download('CoinTracking');
    expect(file.filename).toBe(`exchange-desk-cointracking-${year}.csv`);
    const { header, rows } = read(file.text);
    expect(header).toEqual([...COINTRACKING_COLUMNS]);
    expect(said(file.status)).toEqual({ rows: rows.length, filename: file.filename });
    // No convert in this session: every Trade row is a deal.
    const trades = rows.filter((r) => r.Type === 'Trade');
    expect(trades).toHaveLength(expected.length);
    trades.forEach((row, i) =>
      expect(row, `CoinTracking Trade row ${i + 1}`).toEqual(cointrackingRowOf(expected[i]!)),
    );
  });
});
