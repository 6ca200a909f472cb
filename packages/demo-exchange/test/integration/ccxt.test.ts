import ccxt from 'ccxt';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASINGS } from '../../src/fields';
import { API_KEY, API_SECRET, heldOf, start, type Client } from './helpers';

/**
 * CCXT's whitebit client, unmodified (only its URLs point at the demo), against the demo's
 * main-account/transfer, main-account/address, convert and sub-account transfers: a third party's
 * reading of the same reference.
 */
function whitebit(url: string) {
  const exchange = new ccxt.whitebit({ apiKey: API_KEY, secret: API_SECRET });
  const api = `${url}/api`;
  exchange.urls['api'] = {
    v1: { public: `${api}/v1/public`, private: `${api}/v1` },
    v2: { public: `${api}/v2/public` },
    v4: { public: `${api}/v4/public`, private: `${api}/v4` },
  };
  let last = 0;
  exchange.nonce = () => (last = Math.max(Date.now(), last + 1));
  return exchange;
}

describe.each(CASINGS)('CCXT whitebit against the demo, %s casing', (casing) => {
  let ex: Awaited<ReturnType<typeof start>>['ex'];
  let client: Client;
  let exchange: ReturnType<typeof whitebit>;
  beforeAll(async () => {
    ({ ex, client } = await start({ casing }));
    exchange = whitebit(ex.url);
    await exchange.loadMarkets();
  });
  afterAll(async () => {
    await exchange.close();
    await ex.stop();
  });

  it('transfer() main to spot and back moves exactly the amount', async () => {
    const before = await heldOf(client, 'USDT');
    await exchange.transfer('USDT', 25.5, 'main', 'spot');
    const mid = await heldOf(client, 'USDT');
    expect([
      new Decimal(before.main).minus(mid.main).toFixed(),
      new Decimal(mid.trade).minus(before.trade).toFixed(),
    ]).toEqual(['25.5', '25.5']);
    await exchange.transfer('USDT', 25.5, 'spot', 'main');
    expect(await heldOf(client, 'USDT')).toEqual(before);
  });

  it('a transfer above the balance is refused and nothing moves', async () => {
    const before = await heldOf(client, 'BTC');
    await expect(exchange.transfer('BTC', 1_000_000, 'main', 'spot')).rejects.toThrow(
      /You don't have such amount for transfer/,
    );
    expect(await heldOf(client, 'BTC')).toEqual(before);
  });

  it('fetchDepositAddress() answers the address (and a tag where the network takes one)', async () => {
    const eth = await exchange.fetchDepositAddress('ETH');
    const direct = await client.post<{ account: { address: string } }>(
      '/api/v4/main-account/address',
      { ticker: 'ETH' },
    );
    expect(eth.address).toBe(direct.json.account.address);
    expect(eth.address).toMatch(/^0x[0-9a-f]{40}$/);
    const xrp = await exchange.fetchDepositAddress('XRP');
    expect(xrp.tag).toMatch(/^\d{9}$/);
  });

  it('loads the markets and the currencies (fiat ones with networks)', () => {
    expect(exchange.markets?.['BTC/USDT']).toMatchObject({
      id: 'BTC_USDT',
      base: 'BTC',
      quote: 'USDT',
    });
    expect(exchange.currencies['BTC']?.code).toBe('BTC');
    expect(Object.keys(exchange.currencies['EUR']?.networks ?? {}).length).toBeGreaterThan(0);
  });

  it('fetchTicker reads the v1 ticker, as the REST ticker has it', async () => {
    const ticker = await exchange.fetchTicker('BTC/USDT');
    const rest = await client.get<Record<string, { last_price: string }>>('/api/v4/public/ticker');
    expect(ticker.symbol).toBe('BTC/USDT');
    expect(ticker.last).toBe(Number(rest.json['BTC_USDT']!.last_price));
    expect(ticker.bid).toBeLessThan(ticker.ask!);
  });

  it('fetchTickers, fetchOrderBook, fetchTrades, fetchStatus and fetchTime', async () => {
    const tickers = await exchange.fetchTickers();
    expect(tickers['ETH/BTC']?.last).toBeGreaterThan(0);
    const book = await exchange.fetchOrderBook('BTC/USDT', 5);
    expect(book.bids[0]![0]).toBeLessThan(book.asks[0]![0]!);
    const trades = await exchange.fetchTrades('BTC/USDT');
    expect(trades.length).toBeGreaterThan(0);
    expect((await exchange.fetchStatus()).status).toBe('ok');
    expect(Math.abs((await exchange.fetchTime())! - Date.now())).toBeLessThan(60_000);
  });

  it('fetchBalance reads the trade balance', async () => {
    const balance = await exchange.fetchBalance();
    const rest = await client.post<Record<string, { available: string }>>(
      '/api/v4/trade-account/balance',
    );
    expect(balance['USDT']?.free).toBe(Number(rest.json['USDT']!.available));
  });
});

describe.each(CASINGS)('CCXT whitebit convert and sub-account calls, %s casing', (casing) => {
  let ex: Awaited<ReturnType<typeof start>>['ex'];
  let client: Client;
  let exchange: ReturnType<typeof whitebit>;
  beforeAll(async () => {
    ({ ex, client } = await start({ casing }));
    exchange = whitebit(ex.url);
    await exchange.loadMarkets();
  });
  afterAll(async () => {
    await exchange.close();
    await ex.stop();
  });

  it('fetchConvertQuote, createConvertTrade and fetchConvertTradeHistory convert exactly', async () => {
    const before = await heldOf(client, 'USDT');
    const quote = await exchange.fetchConvertQuote('USDT', 'BTC', 40);
    expect([quote.fromCurrency, quote.toCurrency, quote.fromAmount]).toEqual(['USDT', 'BTC', 40]);
    expect(quote.toAmount).toBeGreaterThan(0);
    const done = await exchange.createConvertTrade(quote.id!, 'USDT', 'BTC', 40);
    expect([done.fromAmount, done.toAmount]).toEqual([40, quote.toAmount]);
    expect(new Decimal(before.main).minus((await heldOf(client, 'USDT')).main).toFixed()).toBe(
      '40',
    );
    const history = await exchange.fetchConvertTradeHistory('USDT');
    expect(history.map((c) => [c.id, c.fromCurrency, c.toCurrency, c.fromAmount])).toEqual([
      [quote.id, 'USDT', 'BTC', 40],
    ]);
  });

  it('the implicit sub-account methods transfer and list what moved', async () => {
    const list = (await exchange.v4PrivatePostSubAccountList()) as { data: { id: string }[] };
    const id = list.data[0]!.id;
    const done = (await exchange.v4PrivatePostSubAccountTransfer({
      id,
      direction: 'main_to_sub',
      amount: '7',
      ticker: 'USDT',
    })) as { transaction_id: string };
    const balances = (await exchange.v4PrivatePostSubAccountBalances({ id, ticker: 'USDT' })) as {
      USDT: { main: string }[];
    };
    expect(balances.USDT[0]!.main).toBe('257');
    const history = (await exchange.v4PrivatePostSubAccountTransferHistory({ id })) as {
      data: { transaction_id: string; amount: string }[];
    };
    expect(history.data.map((r) => [r.transaction_id, r.amount])).toEqual([
      [done.transaction_id, '7'],
    ]);
  });
});
