import { D } from '../decimal';
import { json, type Reply, type Route } from '../context';
import { MARKETS, MARKET_BY_NAME, walkPrice } from '../markets';
import { hash32 } from '../rng';
import { ASSET_DEFS, type AssetDef, type Limits } from '../assets';

/** Public endpoints (GET, no auth). Errors in the spec's public form `{success:false, message, params}`. */
const publicError = (status: number, message: string): Reply =>
  json({ success: false, message, params: [] }, status);

const percent = (ratio: string) => new D(ratio).times(100).toFixed();

/** Limits of each rail open in one direction, keyed by network (or provider). */
function limitsOf(a: AssetDef, direction: 'deposit' | 'withdraw'): Record<string, Limits> {
  const out: Record<string, Limits> = {};
  for (const rail of a.rails) {
    const limits = rail[direction];
    if (limits) out[rail.id] = { ...limits };
  }
  return out;
}

/** The ids of the rails open in one direction. */
const railsOf = (a: AssetDef, direction: 'deposit' | 'withdraw') =>
  a.rails.filter((r) => r[direction]).map((r) => r.id);

/** The asset-level min/max of one direction: its default rail's ("0": no upper limit). */
function assetLimits(a: AssetDef, direction: 'deposit' | 'withdraw'): { min: string; max: string } {
  const rail =
    a.rails.find((r) => r.id === a.defaultNetwork && r[direction]) ??
    a.rails.find((r) => r[direction]);
  const limits = rail?.[direction];
  return { min: limits?.min ?? '0', max: limits?.max ?? '0' };
}

/** An asset of /public/assets (reference: http-v4.yaml, components.schemas.Asset). */
function assetRecord(a: AssetDef): Record<string, unknown> {
  const deposit = assetLimits(a, 'deposit');
  const withdraw = assetLimits(a, 'withdraw');
  const deposits = railsOf(a, 'deposit');
  const withdraws = railsOf(a, 'withdraw');
  const out = {
    name: a.name,
    unified_cryptoasset_id: a.ucid,
    can_withdraw: withdraws.length > 0,
    can_deposit: deposits.length > 0,
    min_withdraw: withdraw.min,
    max_withdraw: withdraw.max,
    maker_fee: '0.1',
    taker_fee: '0.1',
    min_deposit: deposit.min,
    max_deposit: deposit.max,
    currency_precision: a.precision,
    is_memo: a.memo,
    memo: { deposit: a.memo, withdraw: a.memo },
  };
  const limits = { deposit: limitsOf(a, 'deposit'), withdraw: limitsOf(a, 'withdraw') };
  if (a.fiat) return { ...out, limits, providers: { deposits, withdraws } };
  return {
    ...out,
    // A closed direction has no list (and no limits), as on the server.
    networks: {
      ...(deposits.length ? { deposits } : {}),
      ...(withdraws.length ? { withdraws } : {}),
      default: a.defaultNetwork,
    },
    limits,
    confirmations: Object.fromEntries(deposits.map((id) => [id, a.confirmations ?? 0])),
  };
}

export const publicRoutes: Record<string, Route> = {
  '/api/v4/public/ping': { method: 'GET', auth: 'none', handler: () => json(['pong']) },
  '/api/v4/public/time': {
    method: 'GET',
    auth: 'none',
    handler: (_ctx, ex) => json({ time: Math.floor(ex.now() / 1000) }),
  },
  '/api/v4/public/markets': {
    method: 'GET',
    auth: 'none',
    handler: () =>
      json(
        MARKETS.map((m) => ({
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
        })),
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
        out[m.name] = {
          base_id: 0,
          quote_id: 0,
          last_price: last.toFixed(),
          quote_volume: base.times(last).toDecimalPlaces(m.moneyPrec).toFixed(),
          base_volume: base.toFixed(),
          isFrozen: !m.tradesEnabled,
          change: change.toFixed(),
        };
      }
      return json(out);
    },
  },
  '/api/v4/public/assets': {
    method: 'GET',
    auth: 'none',
    handler: () => json(Object.fromEntries(ASSET_DEFS.map((a) => [a.ticker, assetRecord(a)]))),
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
      return json({
        ticker_id: m.name,
        timestamp: Math.floor(ex.now() / 1000),
        asks: rows(book.asks),
        bids: rows(book.bids),
      });
    },
  },
};
