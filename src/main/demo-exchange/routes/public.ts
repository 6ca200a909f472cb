import { D } from '../decimal';
import { json, type Reply, type Route } from '../context';
import { ASSET, MARKET, ORDER_BOOK, SERVER_TIME, TICKER, wire } from '../fields';
import { MARKETS, MARKET_BY_NAME, walkPrice } from '../markets';
import { hash32 } from '../rng';
import { ASSETS, ASSET_PRECISION } from '../seed';

/** Public endpoints (GET, no auth). Errors in the spec's public form `{success:false, message, params}`. */
const publicError = (status: number, message: string): Reply =>
  json({ success: false, message, params: [] }, status);

const percent = (ratio: string) => new D(ratio).times(100).toFixed();

const ASSET_NAMES: Record<string, string> = {
  EUR: 'Euro',
  USD: 'US Dollar',
  BTC: 'Bitcoin',
  ETH: 'Ethereum',
  USDT: 'Tether US',
  SOL: 'Solana',
  XRP: 'Ripple',
  DOGE: 'Dogecoin',
  LTC: 'Litecoin',
  TRX: 'Tron',
  ADA: 'Cardano',
  BNB: 'BNB',
  USDC: 'USD Coin',
  DOT: 'Polkadot',
};

export const publicRoutes: Record<string, Route> = {
  '/api/v4/public/ping': { method: 'GET', auth: 'none', handler: () => json(['pong']) },
  '/api/v4/public/time': {
    method: 'GET',
    auth: 'none',
    handler: (_ctx, ex) =>
      json(wire(SERVER_TIME, ex.casing, { time: Math.floor(ex.now() / 1000) })),
  },
  '/api/v4/public/markets': {
    method: 'GET',
    auth: 'none',
    handler: (_ctx, ex) =>
      json(
        MARKETS.map((m) =>
          wire(MARKET, ex.casing, {
            name: m.name,
            stock: m.stock,
            money: m.money,
            stockPrec: String(m.stockPrec),
            moneyPrec: String(m.moneyPrec),
            feePrec: String(m.feePrec),
            makerFee: percent(m.makerFee),
            takerFee: percent(m.takerFee),
            minAmount: m.minAmount,
            minTotal: m.minTotal,
            maxTotal: m.maxTotal,
            tradesEnabled: m.tradesEnabled,
            isCollateral: false,
            type: 'spot',
            isTradFiFutures: false,
            delistedAt: null,
          }),
        ),
      ),
  },
  '/api/v4/public/ticker': {
    method: 'GET',
    auth: 'none',
    handler: (_ctx, ex) => {
      const out: Record<string, unknown> = {};
      const step = ex.engine.currentStep();
      for (const m of MARKETS) {
        const last = ex.engine.price(m);
        const dayAgo = walkPrice(ex.seed, m, step - 86400);
        const change = last.minus(dayAgo).div(dayAgo).times(100).toDecimalPlaces(2);
        const base = new D(m.levelQty).times(
          400 + (hash32(ex.seed, m.name, 'vol', Math.floor(step / 3600)) % 800),
        );
        out[m.name] = wire(TICKER, ex.casing, {
          baseId: 0,
          quoteId: 0,
          lastPrice: last.toFixed(),
          quoteVolume: base.times(last).toDecimalPlaces(m.moneyPrec).toFixed(),
          baseVolume: base.toFixed(),
          isFrozen: !m.tradesEnabled,
          change: change.toFixed(),
        });
      }
      return json(out);
    },
  },
  '/api/v4/public/assets': {
    method: 'GET',
    auth: 'none',
    handler: (_ctx, ex) => {
      const out: Record<string, unknown> = {};
      for (const a of ASSETS) {
        out[a] = wire(ASSET, ex.casing, {
          name: ASSET_NAMES[a] ?? a,
          unifiedCryptoassetId: 0,
          canWithdraw: a !== 'DOT',
          canDeposit: true,
          minWithdraw: '0',
          maxWithdraw: '0',
          makerFee: '0.1',
          takerFee: '0.1',
          minDeposit: '0',
          maxDeposit: '0',
          currencyPrecision: ASSET_PRECISION[a] ?? 8,
          isMemo: a === 'XRP',
        });
      }
      return json(out);
    },
  },
  '/api/v4/public/orderbook': {
    method: 'GET',
    auth: 'none',
    prefix: true,
    handler: (ctx, ex) => {
      const m = MARKET_BY_NAME.get(ctx.rest);
      if (!m) return publicError(422, 'Market is not available');
      const limitText = ctx.query.get('limit');
      const levelText = ctx.query.get('level');
      const limit = limitText === null ? 100 : Number(limitText);
      const level = levelText === null ? 0 : Number(levelText);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
        return publicError(422, 'Limit must be an integer between 1 and 100');
      }
      if (!Number.isInteger(level) || level < 0 || level > 5) {
        return publicError(422, 'Level must be an integer between 0 and 5');
      }
      const book = ex.engine.book(m);
      const rows = (levels: typeof book.asks) =>
        levels.slice(0, limit).map((l) => [l.price.toFixed(), l.qty.toFixed()]);
      return json(
        wire(ORDER_BOOK, ex.casing, {
          tickerId: m.name,
          timestamp: Math.floor(ex.now() / 1000),
          asks: rows(book.asks),
          bids: rows(book.bids),
        }),
      );
    },
  },
};
