import { useLayoutEffect, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import type { DepositWithdraw, Order } from '../../src/shared/model';
import { DataTable } from '../../src/renderer/components/table/DataTable';
import { tableHeight } from '../../src/renderer/components/ViewParts';
import { orderColumns } from '../../src/renderer/features/orders/activeColumns';
import { placesOfMarkets } from '../../src/renderer/features/trade/marketPlaces';
import { transferColumns, type Row } from '../../src/renderer/features/transfers/TransfersView';
import { workerColumns, workersHeight } from '../../src/renderer/features/mining/WorkersSection';
import type { WorkerRow } from '../../src/shared/model';
import '../../src/renderer/styles.css';

/**
 * The table bench's page (bench/suites/tables.ts): the app's DataTable with the Active orders and
 * the History columns exactly as the views define them, over 10,000 generated rows. `?table=orders`
 * or `?table=history` (or `?table=floor`: a static box of the same size, the scroll's floor), `&rows=N`. The page reports through `window.__bench`:
 *   firstRenderMs  performance.now() before createRoot().render() -> the first committed frame
 *   scroll()       scrolls the table body to the bottom over ~2 s, one step per animation frame,
 *                  and answers the frame intervals (ms)
 */

interface BenchApi {
  firstRenderMs?: number;
  rows: number;
  scroll(durationMs: number): Promise<number[]>;
}

declare global {
  interface Window {
    __bench: BenchApi;
  }
}

const params = new URLSearchParams(location.search);
const table =
  (['history', 'workers', 'floor'] as const).find((t) => t === params.get('table')) ?? 'orders';
const count = Number(params.get('rows') ?? 10_000);

/** Deterministic numbers (mulberry32): the same rows on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A decimal string with `places` digits after the point, from an integer number of steps. */
function decimal(steps: number, places: number): string {
  const text = String(Math.max(1, Math.floor(steps))).padStart(places + 1, '0');
  return places === 0 ? text : `${text.slice(0, -places)}.${text.slice(-places)}`;
}

const MARKETS: [string, number, number, number][] = [
  // market, base price (in money steps), money places, stock places
  ['BTC_USDT', 6_500_000, 2, 6],
  ['ETH_USDT', 310_000, 2, 4],
  ['SOL_USDT', 148_000, 3, 3],
  ['XRP_USDT', 575_000, 6, 1],
  ['DOGE_USDT', 137_000, 6, 0],
  ['ETH_BTC', 54_000, 6, 4],
  ['LTC_USDT', 7_100, 2, 4],
  ['TRX_USDT', 121_000, 6, 1],
];

const T0 = Date.UTC(2026, 0, 1);

function orders(n: number): Order[] {
  const next = random(42);
  return Array.from({ length: n }, (_, i) => {
    const [market, base, moneyPlaces, stockPlaces] = MARKETS[i % MARKETS.length]!;
    const side = next() < 0.5 ? 'buy' : 'sell';
    const amountSteps = 10 + next() * 10 ** (stockPlaces + 1);
    const amount = decimal(amountSteps, stockPlaces);
    const filled = next() < 0.2 ? Math.floor(amountSteps * next()) : 0;
    return {
      orderId: 4_200_000_000 + i,
      clientOrderId: i % 4 === 0 ? `bench-${i}` : '',
      market,
      side,
      type: 'limit',
      timestamp: T0 + Math.floor(next() * 300 * 86_400_000),
      dealMoney: '0',
      dealStock: decimal(filled, stockPlaces),
      amount,
      left: decimal(amountSteps - filled, stockPlaces),
      dealFee: '0',
      price: decimal(base * (0.8 + next() * 0.4), moneyPlaces),
      postOnly: false,
      ioc: false,
      status: filled > 0 ? 'PARTIALLY_FILLED' : 'NEW',
    };
  });
}

const TICKERS: [string, string, number, string | null][] = [
  ['BTC', 'Bitcoin', 8, 'BTC'],
  ['ETH', 'Ethereum', 6, 'ERC20'],
  ['USDT', 'Tether US', 2, 'TRC20'],
  ['SOL', 'Solana', 3, 'SOL'],
  ['XRP', 'Ripple', 1, 'XRP'],
  ['LTC', 'Litecoin', 3, null],
];

function hex(next: () => number, length: number): string {
  let out = '';
  while (out.length < length)
    out += Math.floor(next() * 0xffffffff)
      .toString(16)
      .padStart(8, '0');
  return out.slice(0, length);
}

function transfers(n: number): Row[] {
  const next = random(7);
  return Array.from({ length: n }, (_, i) => {
    const [ticker, currency, places, network] = TICKERS[i % TICKERS.length]!;
    const method = next() < 0.55 ? 1 : 2;
    const done = next() < 0.7;
    const required = 12;
    const record: DepositWithdraw = {
      address: `0x${hex(next, 40)}`,
      uniqueId: `${hex(next, 8)}-${i}`,
      createdAt: T0 + 365 * 86_400_000 - i * 3_150_000,
      currency,
      ticker,
      method,
      amount: decimal(100 + next() * 10 ** (places + 3), places),
      description: method === 1 ? 'Deposit' : 'Withdraw',
      memo: '',
      fee: method === 2 ? decimal(10 ** Math.max(0, places - 2), places) : '0',
      status: done ? 3 : method === 1 ? 15 : 1,
      network,
      transactionHash: hex(next, 64),
      transactionId: `${hex(next, 8)}-${hex(next, 4)}`,
      confirmations: { actual: done ? required : Math.floor(next() * required), required },
    };
    return { ...record, key: `0:${i}:${record.transactionId}` };
  });
}

/** The Active orders table as ActiveOrdersTab renders it (same columns, places, props). */
function OrdersTable({ rows, onFrame }: { rows: Order[]; onFrame(): void }) {
  // Before the markets are in: the fallback places, as the first frame of the screen has them.
  const places = useMemo(() => placesOfMarkets(undefined), []);
  const columns = useMemo(
    () =>
      orderColumns(
        places,
        () => undefined,
        () => undefined,
      ),
    [places],
  );
  useLayoutEffect(() => onFrame(), [onFrame]);
  return (
    <DataTable
      label="Active orders"
      rows={rows}
      columns={columns}
      rowKey={(o) => String(o.orderId)}
      status="ready"
      empty="No active orders."
      initialSort={{ id: 'time', dir: 'desc' }}
      height={tableHeight(rows.length, 14)}
      rowTestId="active-order"
    />
  );
}

/** The History table as TransfersView renders it (same columns, places, props). */
function HistoryTable({ rows, onFrame }: { rows: Row[]; onFrame(): void }) {
  const columns = useMemo(() => transferColumns({ BTC: 8, USDT: 6 }), []);
  useLayoutEffect(() => onFrame(), [onFrame]);
  return (
    <DataTable
      label="Deposits and withdrawals"
      rows={rows}
      columns={columns}
      rowKey={(r) => r.key}
      status="ready"
      empty="No deposits or withdrawals match these filters."
      height={tableHeight(rows.length, 14)}
      rowTestId="transfer"
    />
  );
}

/** `n` mining workers about 10 TH/s, one in 20 offline, one in 20 low (the mining bench's mix). */
function workers(n: number): WorkerRow[] {
  const next = random(33);
  const seen = T0 + 300 * 86_400_000;
  return Array.from({ length: n }, (_, i) => {
    const status = i % 20 === 0 ? 'offline' : i % 20 === 1 ? 'low' : 'online';
    const base = 9_000_000_000_000 + Math.floor(next() * 3_000_000) * 1_000_000;
    const now = status === 'offline' ? 0 : status === 'low' ? base / 4 : base;
    return {
      name: `worker-${String(i).padStart(3, '0')}`,
      status,
      lastSeen: status === 'offline' ? seen - 1_800_000 : seen,
      now: String(now),
      average1h: String(base),
      average24h: String(base),
      rejectRate: 0.004 + next() / 100,
      sparkline: Array.from({ length: 24 }, () =>
        String(base + Math.floor(next() * 1_000_000) * 1_000_000),
      ),
    };
  });
}

/** The Workers table as WorkersSection renders it (same columns, props), 500 workers. */
function WorkersTable({ rows, onFrame }: { rows: WorkerRow[]; onFrame(): void }) {
  const columns = useMemo(() => workerColumns(false, () => undefined), []);
  useLayoutEffect(() => onFrame(), [onFrame]);
  return (
    <DataTable
      label="Workers"
      rows={rows}
      columns={columns}
      rowKey={(w) => w.name}
      status="ready"
      empty="No worker seen yet."
      initialSort={{ id: 'name', dir: 'asc' }}
      rowHeight={36}
      height={workersHeight(rows.length)}
      rowTestId="worker-row"
    />
  );
}

/**
 * The floor: a scrolling box of the same size and total height with static rows of plain text and
 * no React work while scrolling, so the frame pacing of this browser and machine shows on its own.
 */
function FloorTable({ rows, onFrame }: { rows: number; onFrame(): void }) {
  useLayoutEffect(() => onFrame(), [onFrame]);
  return (
    <div className="table" role="table" aria-label="Floor">
      <div className="table-body" style={{ height: tableHeight(rows, 14) }}>
        <div style={{ height: rows * 36, position: 'relative' }}>
          {Array.from({ length: 40 }, (_, i) => (
            <div key={i} className="table-row" style={{ height: 36 }}>
              <div className="table-cell">Static row {i}</div>
            </div>
          ))}
          <div role="row" aria-rowindex={rows + 1} style={{ position: 'absolute', bottom: 0 }}>
            Last row
          </div>
        </div>
      </div>
    </div>
  );
}

const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

async function scroll(durationMs: number): Promise<number[]> {
  const body = document.querySelector<HTMLElement>('.table-body');
  if (!body) throw new Error('No table body');
  const max = body.scrollHeight - body.clientHeight;
  const intervals: number[] = [];
  let last = await frame();
  const start = last;
  for (;;) {
    const now = await frame();
    intervals.push(now - last);
    last = now;
    const progress = Math.min(1, (now - start) / durationMs);
    body.scrollTop = Math.round(max * progress);
    if (progress >= 1) break;
  }
  // Two more frames so the last position is rendered.
  await frame();
  await frame();
  return intervals;
}

const data =
  table === 'history'
    ? transfers(count)
    : table === 'orders'
      ? orders(count)
      : table === 'workers'
        ? workers(count)
        : [];
window.__bench = { rows: table === 'floor' ? count : data.length, scroll };

const root = document.getElementById('root')!;
const page = document.createElement('div');
page.className = 'content';
page.style.padding = '24px';
root.append(page);

let reported = false;
const onFrame = () => {
  if (reported) return;
  reported = true;
  // After the commit: the next animation frame, then a task after it (the frame was produced).
  requestAnimationFrame(() =>
    setTimeout(() => {
      window.__bench.firstRenderMs = performance.now() - started;
    }, 0),
  );
};

const started = performance.now();
createRoot(page).render(
  table === 'history' ? (
    <HistoryTable rows={data as Row[]} onFrame={onFrame} />
  ) : table === 'orders' ? (
    <OrdersTable rows={data as Order[]} onFrame={onFrame} />
  ) : table === 'workers' ? (
    <WorkersTable rows={data as WorkerRow[]} onFrame={onFrame} />
  ) : (
    <FloorTable rows={count} onFrame={onFrame} />
  ),
);
