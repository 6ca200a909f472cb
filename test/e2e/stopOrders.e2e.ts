import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiOrdersPage } from '../../src/shared/model';
import { Client } from '@exchange-desk/demo-exchange/testing';
import type { Browser } from '../support/browser';
import { startApp, type App } from '../support/webhost';
import { OrdersPage } from './pages/orders';
import { openTrade, type Kind, type TradePage } from './pages/trade';

/**
 * Issue 17 point 1 against the demo exchange: a stop-limit placed through the form rests (in
 * Orders' active list with its activation price) and, once the price is moved across it, triggers
 * and executes, then shows in Executed orders (filtered by its client order id) as the exchange's
 * record with the exchange's deals of it; every client-side check of the stop kinds shows its message under its field with
 * no request sent.
 */

const STOP_PATHS = new Set(['/api/v4/order/stop_limit', '/api/v4/order/stop_market']);

describe('stop orders through the trade form', () => {
  let app: App;
  let browser: Browser;
  let page: Page;
  let trade: TradePage;
  let control: Client;
  const pageErrors: string[] = [];

  const lastLogId = () => app.core.demoExchange.requestLog().at(-1)?.id ?? 0;
  const setPrice = (price: string) =>
    control.control('POST', '/set-price', { market: 'BTC_USDT', price });
  const order = (cid: string) => {
    const { active, history } = app.core.demoExchange.engine.state;
    return {
      active: active.find((o) => o.clientOrderId === cid),
      done: history.find((o) => o.clientOrderId === cid),
    };
  };

  /** A signed call straight to the demo exchange, with the Demo profile's key. */
  const direct = async (path: string, fields: Record<string, unknown>) => {
    const answer = await control.post(path, fields, {
      key: app.core.demoExchange.apiKey,
      secret: app.core.demoExchange.apiSecret,
    });
    expect(answer.status).toBe(200);
    return answer.json as unknown;
  };

  beforeAll(async () => {
    app = await startApp({ demoExchange: { control: true, freezePrices: true } });
    control = new Client(app.core.demoExchange);
    await setPrice('60000');
    ({ browser, page, trade } = await openTrade(app.host.pageUrl, pageErrors));
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('each client check shows its message under its field, and no request is sent', async () => {
    const since = lastLogId();
    const btc = app.core.demoExchange.engine.state.trade['BTC']!.available;
    const moreThanHeld = String(Math.floor(Number(btc)) + 3);
    const cases: [Kind, Record<string, string>, 'amount' | 'activationPrice' | 'price', RegExp][] =
      [
        [
          'Stop-limit',
          { amount: '0.001', activationPrice: '', price: '62000' },
          'activationPrice',
          /^Enter the activation price\.$/,
        ],
        [
          'Stop-limit',
          { amount: '0.001', activationPrice: '61000.123', price: '62000' },
          'activationPrice',
          /at most 2 decimals for the activation price/,
        ],
        [
          'Stop-market',
          { amount: '0.001', activationPrice: '0' },
          'activationPrice',
          /must be greater than 0/,
        ],
        [
          'Stop-limit',
          { amount: '0.001', activationPrice: '61000', price: '' },
          'price',
          /^Enter the price\.$/,
        ],
        [
          'Stop-limit',
          { amount: '0.00000001', activationPrice: '61000', price: '62000' },
          'amount',
          /^At least /,
        ],
        [
          'Stop-limit',
          { amount: '0.001', activationPrice: '61000', price: '1' },
          'amount',
          /below the minimum total/,
        ],
        [
          'Stop-limit',
          { amount: '1000', activationPrice: '61000', price: '62000' },
          'amount',
          /^Not enough USDT: available .*, needed [\d,.]+ USDT$/,
        ],
        [
          'Stop-market',
          { amount: '2', activationPrice: '61000' },
          'amount',
          /^At least .* \(minimum total\)$/,
        ],
        [
          'Stop-market',
          { amount: moreThanHeld, activationPrice: '59000' },
          'amount',
          /^Not enough BTC: available /,
        ],
      ];
    for (const [kind, values, field, message] of cases) {
      // A stop-market buy is sized in money; the sell of more than is held is the one sell.
      const side = values.amount === moreThanHeld ? 'Sell' : 'Buy';
      await trade.fill({ kind, side, ...values });
      await trade.review();
      const input = {
        amount: trade.amount,
        activationPrice: trade.activationPrice,
        price: trade.price,
      }[field];
      await expect.poll(() => trade.errorOf(input)).toMatch(message);
      expect(await trade.dialog.count()).toBe(0);
    }
    const sent = app.core.demoExchange.requestLog(since).filter((e) => STOP_PATHS.has(e.path));
    expect(sent).toEqual([]);
  });

  it('a stop-limit rests in Orders with its activation price, then triggers and executes when the price crosses it', async () => {
    await trade.fill({
      kind: 'Stop-limit',
      side: 'Buy',
      amount: '0.001',
      activationPrice: '61000',
      price: '62000',
      clientOrderId: 'e2e-stop-limit',
    });
    expect(await trade.stopCondition.textContent()).toBe(
      'Triggers when the last price rises to or above 61,000 USDT, then becomes a limit order at 62,000 USDT.',
    );
    await trade.review();
    expect(await trade.dialog.textContent()).toContain('Stop-limit order');
    await trade.confirm();
    await trade.outcome.waitFor();
    expect(order('e2e-stop-limit').active).toMatchObject({ activationPrice: '61000' });

    const orders = new OrdersPage(page);
    await orders.open();
    await orders.count.waitFor();
    const rows = await orders.activeRows();
    expect(rows.map((r) => r.clientOrderId)).toContain('e2e-stop-limit');
    const row = orders.activeTable.getByRole('row').filter({ hasText: 'e2e-stop-limit' });
    await expect
      .poll(() => row.getByTestId('order-activation').textContent())
      .toMatch(/stop ≥ 61,000(\.00)? USDT/);

    await setPrice('61500');
    await orders.reloading(() =>
      page.getByRole('button', { name: 'Refresh', exact: true }).click(),
    );
    await expect
      .poll(async () => (await orders.activeRows()).map((r) => r.clientOrderId))
      .not.toContain('e2e-stop-limit');
    expect(order('e2e-stop-limit').done).toMatchObject({ activated: 1, status: 'FILLED' });
    expect(pageErrors).toEqual([]);
  });

  it('the executed stop-limit shows in Executed orders as the exchange’s record, with its deals', async () => {
    const orders = new OrdersPage(page);
    // The exchange's record of the order with that client order id (order history keyed by market).
    const byMarket = (await direct('/api/v4/trade-account/order/history', {
      clientOrderId: 'e2e-stop-limit',
      limit: 100,
    })) as Record<string, Record<string, unknown>[]>;
    const theirs = Object.values(byMarket).flat();
    expect(theirs).toHaveLength(1);
    const record = theirs[0]!;
    const orderId = Number(record.id ?? record.orderId);
    expect(record).toMatchObject({ clientOrderId: 'e2e-stop-limit', side: 'buy' });

    // The tab's first window (no filter) is answered before the client order id is applied.
    await orders.windowAnswer('keyHistory.orders', () => orders.openTab('Executed orders'));
    await orders.historyField('Client order id').fill('e2e-stop-limit');
    // A window ends at a whole second (now, rounded down) and the app keeps a looked-up order
    // within it: the order, finished a moment ago, is in the windows from its next second on.
    const finished = order('e2e-stop-limit').done!.ftime!;
    await expect.poll(() => Math.floor(Date.now() / 1000) > finished).toBe(true);
    const shown = await orders.windowAnswer<ApiOrdersPage>('keyHistory.orders', () =>
      orders.historyApply.click(),
    );
    await expect.poll(() => orders.apiOrderIds()).toEqual([orderId]);
    expect(shown.records).toHaveLength(1);
    expect(shown.records[0]).toMatchObject({
      orderId,
      clientOrderId: 'e2e-stop-limit',
      market: 'BTC_USDT',
      side: 'buy',
      amount: String(record.amount),
      dealStock: String(record.dealStock ?? record.deal_stock),
      dealMoney: String(record.dealMoney ?? record.deal_money),
    });

    const dialog = await orders.openOrderDeals(orderId);
    const deals = (await direct('/api/v4/trade-account/order', { orderId, limit: 100 })) as {
      records: Record<string, unknown>[];
    };
    const dealIds = deals.records.map((r) => Number(r.id)).sort((a, b) => a - b);
    expect(dealIds.length).toBeGreaterThan(0);
    const listed = await orders.dealIds(`Deals of order ${orderId}`);
    expect([...listed].sort((a, b) => a - b)).toEqual(dealIds);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
  });
});
