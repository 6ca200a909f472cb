import Decimal from 'decimal.js';
import { afterEach, describe, expect, it } from 'vitest';
import { CASINGS, type DemoExchange } from '@exchange-desk/demo-exchange';
import { ExchangeApi } from '../../../src/main/exchange/api';
import { ExchangeClient } from '../../../src/main/exchange/client';
import { NonceSource } from '../../../src/main/exchange/nonce';
import {
  Transport,
  type HttpRequest,
  type HttpResponse,
} from '../../../src/main/exchange/transport';
import * as subAccounts from '../../../src/main/services/subAccounts';
import { Converts, history as convertHistory } from '../../../src/main/services/convert';
import { startDemoExchange } from '@exchange-desk/demo-exchange';
import { unlimitedPacer } from '../exchange/helpers';
import { startMain } from '../../support/core';
import type {
  ConvertDone,
  ConvertHistoryView,
  ConvertQuote,
  SubAccountBalances,
  SubAccountMove,
  SubAccountsView,
  SubAccountTransfersView,
} from '../../../src/shared/model';

/**
 * Issue 34: sub-account balances and transfers, and convert, through main's services against the
 * demo exchange, each checked against the demo's own balances; a lost answer is reconciled from the
 * exchange's history, never sent again. Where a quote's expiry matters the demo runs on the test's
 * clock, which the test steps.
 */

/**
 * A transport that, while `lose` names a path, sends the request (the exchange does it) and then
 * throws as a reset connection would: the answer is lost. While `drop` names one, it throws the
 * same without sending: to the app, the same lost answer; the exchange did nothing.
 */
class LosingTransport extends Transport {
  lose: string | undefined;
  drop: string | undefined;
  readonly sent: string[] = [];

  override async request(req: HttpRequest): Promise<HttpResponse> {
    this.sent.push(req.url.pathname);
    if (this.drop === req.url.pathname) {
      this.drop = undefined;
      throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    }
    const response = await super.request(req);
    if (this.lose === req.url.pathname) {
      this.lose = undefined;
      throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    }
    return response;
  }
}

interface Rig {
  ex: DemoExchange;
  api: ExchangeApi;
  transport: LosingTransport;
  client: ExchangeClient;
}

let rig: Rig | undefined;
afterEach(async () => {
  rig?.client.close();
  await rig?.ex.stop();
  rig = undefined;
});

async function start(casing: (typeof CASINGS)[number], now?: () => number): Promise<Rig> {
  const ex = await startDemoExchange({ freezePrices: true, casing, ...(now ? { now } : {}) });
  const transport = new LosingTransport();
  const client = new ExchangeClient({
    baseUrl: ex.url,
    credentials: async () => ({ apiKey: ex.apiKey, apiSecret: ex.apiSecret }),
    transport,
    pacer: unlimitedPacer(),
    // With the test's clock, the nonces follow it (the exchange takes them within 5 s of its own).
    ...(now ? { nonces: new NonceSource(now) } : {}),
  });
  rig = { ex, api: new ExchangeApi(client), transport, client };
  return rig;
}

/** What the demo holds: the user's main balance of `ticker` and a sub-account's main balance. */
function held(ex: DemoExchange, subId: string, ticker: string) {
  const state = ex.engine.state;
  return {
    main: state.main[ticker] ?? '0',
    sub: state.subBalances[subId]?.[ticker]?.main ?? '0',
  };
}

const noWait = { sleep: async () => undefined };
const TRANSFER = '/api/v4/sub-account/transfer';

describe.each(CASINGS)('sub-account transfers through main, %s casing', (casing) => {
  it('balances per sub-account: main and trade, assets with a balance only', async () => {
    const { ex, api } = await start(casing);
    const [sub] = ex.engine.state.subAccounts;
    const view = await subAccounts.balances(api, sub!.id);
    expect(view.balances).toEqual([{ ticker: 'USDT', main: '250', trade: '40' }]);
    expect([view.precisions.USDT, view.precisions.BTC]).toEqual([6, 8]);
  });

  it('main -> sub and back moves exactly the amount on the demo, and the history lists both', async () => {
    const { ex, api } = await start(casing);
    const id = ex.engine.state.subAccounts[0]!.id;
    const before = held(ex, id, 'USDT');
    const moves = new subAccounts.SubAccountTransfers();
    const there = await moves.transfer(api, 'p1', {
      id,
      direction: 'main_to_sub',
      ticker: 'USDT',
      amount: '15.25',
    });
    expect(there).toMatchObject({ outcome: 'moved', reconciled: false });
    const mid = held(ex, id, 'USDT');
    expect(new Decimal(before.main).minus(mid.main).toFixed()).toBe('15.25');
    expect(new Decimal(mid.sub).minus(before.sub).toFixed()).toBe('15.25');
    const back = await moves.transfer(api, 'p1', {
      id,
      direction: 'sub_to_main',
      ticker: 'USDT',
      amount: '5',
    });
    expect(new Decimal(held(ex, id, 'USDT').main).minus(mid.main).toFixed()).toBe('5');
    const page = await subAccounts.transfers(api, { id });
    expect(page.records.map((r) => [r.transactionId, r.direction, r.ticker, r.amount])).toEqual([
      [back.outcome === 'moved' && back.transactionId, 'sub_to_main', 'USDT', '5'],
      [there.outcome === 'moved' && there.transactionId, 'main_to_sub', 'USDT', '15.25'],
    ]);
    const view = await subAccounts.balances(api, id);
    expect(view.balances.find((b) => b.ticker === 'USDT')?.main).toBe('260.25');
  });

  it('more than the main account holds is refused in words under amount; nothing moves', async () => {
    const { ex, api } = await start(casing);
    const id = ex.engine.state.subAccounts[0]!.id;
    const before = held(ex, id, 'BTC');
    const moves = new subAccounts.SubAccountTransfers();
    await expect(
      moves.transfer(api, 'p1', { id, direction: 'main_to_sub', ticker: 'BTC', amount: '1000' }),
    ).rejects.toMatchObject({
      code: 'EXCHANGE_VALIDATION',
      fields: { amount: [`More than the main account holds: ${before.main} BTC available.`] },
    });
    expect(held(ex, id, 'BTC')).toEqual(before);
  });

  it('a lost answer is reconciled from the history: moved once, never sent again', async () => {
    const { ex, api, transport } = await start(casing);
    const id = ex.engine.state.subAccounts[0]!.id;
    const before = held(ex, id, 'USDT');
    transport.lose = TRANSFER;
    const moves = new subAccounts.SubAccountTransfers();
    const outcome = await moves.transfer(
      api,
      'p1',
      { id, direction: 'main_to_sub', ticker: 'USDT', amount: '7' },
      noWait,
    );
    const [record] = ex.engine.state.subTransfers;
    expect(outcome).toEqual({
      outcome: 'moved',
      id,
      direction: 'main_to_sub',
      ticker: 'USDT',
      amount: '7',
      transactionId: record!.transactionId,
      reconciled: true,
    });
    expect(transport.sent.filter((p) => p === TRANSFER)).toHaveLength(1);
    expect(new Decimal(before.main).minus(held(ex, id, 'USDT').main).toFixed()).toBe('7');
  });

  it('a lost answer on a transfer the exchange did not make says nothing moved, sent once', async () => {
    const { ex, api, transport } = await start(casing);
    const id = ex.engine.state.subAccounts[0]!.id;
    const before = held(ex, id, 'USDT');
    transport.drop = TRANSFER;
    const moves = new subAccounts.SubAccountTransfers();
    const sent = transport.sent.length;
    await expect(
      moves.transfer(
        api,
        'p1',
        { id, direction: 'main_to_sub', ticker: 'USDT', amount: '3' },
        noWait,
      ),
    ).rejects.toMatchObject({ code: 'TRANSFER_NOT_MOVED' });
    expect(transport.sent.slice(sent).filter((p) => p === TRANSFER)).toHaveLength(1);
    expect(held(ex, id, 'USDT')).toEqual(before);
  });

  it('one transfer at a time per profile: a second while one is in flight is refused', async () => {
    const { ex, api } = await start(casing);
    const id = ex.engine.state.subAccounts[0]!.id;
    const moves = new subAccounts.SubAccountTransfers();
    const input = { id, direction: 'main_to_sub', ticker: 'USDT', amount: '1' } as const;
    const first = moves.transfer(api, 'p1', input);
    await expect(moves.transfer(api, 'p1', input)).rejects.toMatchObject({
      code: 'TRANSFER_IN_FLIGHT',
    });
    await expect(first).resolves.toMatchObject({ outcome: 'moved' });
    expect(ex.engine.state.subTransfers).toHaveLength(1);
  });
});

describe.each(CASINGS)('convert through main, %s casing', (casing) => {
  const CONFIRM = '/api/v4/convert/confirm';

  it('estimate then confirm moves exactly give and receive on the demo; history lists it', async () => {
    const { ex, api } = await start(casing);
    const converts = new Converts();
    const usdt = ex.engine.state.main.USDT!;
    const btc = ex.engine.state.main.BTC ?? '0';
    const quote = await converts.estimate(api, 'p1', {
      from: 'USDT',
      to: 'BTC',
      direction: 'from',
      amount: '120',
    });
    expect(quote).toMatchObject({ from: 'USDT', to: 'BTC', give: '120' });
    const done = await converts.confirm(api, 'p1', { quoteId: quote.id });
    expect(done).toEqual({
      quoteId: quote.id,
      from: 'USDT',
      to: 'BTC',
      give: '120',
      receive: quote.receive,
    });
    expect(new Decimal(usdt).minus(ex.engine.state.main.USDT!).toFixed()).toBe('120');
    expect(new Decimal(ex.engine.state.main.BTC!).minus(btc).toFixed()).toBe(quote.receive);
    const page = await convertHistory(api, {});
    expect(page.records.map((r) => [r.id, r.from, r.to, r.give, r.receive])).toEqual([
      [quote.id, 'USDT', 'BTC', '120', quote.receive],
    ]);
    // Confirmed once: a second confirm is refused here, before the exchange.
    await expect(converts.confirm(api, 'p1', { quoteId: quote.id })).rejects.toMatchObject({
      fields: { quoteId: [expect.stringContaining('already confirmed')] },
    });
  });

  it('an expired quote is refused with CONVERT_QUOTE_EXPIRED: by this app, and by the exchange', async () => {
    let clock = Date.UTC(2026, 0, 5, 12);
    const { ex, api, transport } = await start(casing, () => clock);
    const usdt = ex.engine.state.main.USDT;
    // This app's clock says expired: nothing is sent.
    const local = new Converts({ now: () => clock });
    const q1 = await local.estimate(api, 'p1', {
      from: 'USDT',
      to: 'ETH',
      direction: 'from',
      amount: '10',
    });
    clock += 10_000;
    const sent = transport.sent.length;
    await expect(local.confirm(api, 'p1', { quoteId: q1.id })).rejects.toMatchObject({
      code: 'CONVERT_QUOTE_EXPIRED',
      fields: { quoteId: [expect.any(String)] },
    });
    expect(transport.sent.slice(sent)).toEqual([]);
    // This app's clock is behind the exchange's: the exchange's code 20 comes out the same.
    const behind = new Converts({ now: () => 0 });
    const q2 = await behind.estimate(api, 'p1', {
      from: 'USDT',
      to: 'ETH',
      direction: 'from',
      amount: '10',
    });
    clock += 10_000;
    await expect(behind.confirm(api, 'p1', { quoteId: q2.id })).rejects.toMatchObject({
      code: 'CONVERT_QUOTE_EXPIRED',
    });
    expect(ex.engine.state.main.USDT).toBe(usdt);
  });

  it('a lost answer to confirm is reconciled from the history, sent once', async () => {
    const { ex, api, transport } = await start(casing);
    const converts = new Converts(noWait);
    const usdt = ex.engine.state.main.USDT!;
    const quote = await converts.estimate(api, 'p1', {
      from: 'USDT',
      to: 'SOL',
      direction: 'from',
      amount: '30',
    });
    transport.lose = CONFIRM;
    const done = await converts.confirm(api, 'p1', { quoteId: quote.id });
    expect(done).toMatchObject({ give: '30', receive: quote.receive });
    expect(transport.sent.filter((p) => p === CONFIRM)).toHaveLength(1);
    expect(new Decimal(usdt).minus(ex.engine.state.main.USDT!).toFixed()).toBe('30');
  });

  it('an estimate above the main balance is refused in words under amount', async () => {
    const { api } = await start(casing);
    await expect(
      new Converts().estimate(api, 'p1', {
        from: 'BTC',
        to: 'USDT',
        direction: 'from',
        amount: '1000',
      }),
    ).rejects.toMatchObject({ fields: { amount: ['More than the main balance holds of BTC.'] } });
  });
});

describe.each(CASINGS)('the channels, end to end in main, %s casing', (casing) => {
  it('sub-account balances, a transfer and its history; a convert and its history', async () => {
    const call = await startMain({ demoExchange: { casing } });
    const { records } = await call<SubAccountsView>('subAccounts.list');
    const id = records.find((s) => s.status === 'active')!.id;
    const moved = await call<SubAccountMove>('subAccounts.transfer', {
      id,
      direction: 'main_to_sub',
      ticker: 'USDT',
      amount: '4.5',
    });
    expect(moved).toMatchObject({ outcome: 'moved', reconciled: false });
    const balances = await call<SubAccountBalances>('subAccounts.balances', { id });
    expect(balances.balances).toContainEqual({ ticker: 'USDT', main: '254.5', trade: '40' });
    const page = await call<SubAccountTransfersView>('subAccounts.transfers', { id });
    expect(page.records.map((r) => r.amount)).toEqual(['4.5']);
    await expect(
      call('subAccounts.transfer', { id, direction: 'up', ticker: 'USDT', amount: '1' }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' });

    const quote = await call<ConvertQuote>('convert.estimate', {
      from: 'USDT',
      to: 'BTC',
      direction: 'from',
      amount: '25',
    });
    const done = await call<ConvertDone>('convert.confirm', { quoteId: quote.id });
    expect(done).toMatchObject({ give: '25', receive: quote.receive });
    const history = await call<ConvertHistoryView>('convert.history', {});
    expect(history.records.map((r) => r.id)).toEqual([quote.id]);
  });
});
