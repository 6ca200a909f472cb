import { randomUUID } from 'node:crypto';
import { Decimal } from '../decimal';
import { inner } from '../errors';
import { json, signedPost, type ExchangeContext, type Route } from '../context';
import { ASSET_BY_TICKER, ASSETS } from '../assets';
import { SUB_TRANSFERS_LIMIT, type SubAccount, type SubTransferRec } from '../state';
import { SUB_ACCOUNT_PAGE, SUB_BALANCE, SUB_TRANSFER, SUB_TRANSFER_DONE, wire } from '../fields';
import { UUID, type Checker } from '../validate';
import { amountOf } from './moves';

/**
 * Sub-account balances and transfers (main_api_v4.yaml: getSubAccountBalances, subAccountTransfer,
 * getSubAccountTransferHistory). The reference names no other casing for them: both casings answer
 * the same fields, HTTP 200.
 * - a missing or malformed id, ticker, direction, amount, limit or offset: code 30, HTTP 422 (as
 *   sub-account/list and block answer); an unknown sub-account: code 2, HTTP 400 "Sub-account not
 *   found."; a transfer to or from a blocked one: code 2, HTTP 400 under `id`;
 * - a transfer moves between the user's main balance and the sub-account's main balance; more than
 *   the source holds: code 2, HTTP 400 under `amount`, nothing moved;
 * - balances: every listed asset (zeros too) or the one `ticker`, each `[{main, spot, collateral}]`
 *   (the demo keeps no collateral: "0");
 * - history: newest first, `limit` 1..100 (default 100), `offset` 0..10000, offset + limit <= 10000,
 *   optional `direction` filter; `{offset, limit, data}`.
 */
const DIRECTIONS = ['main_to_sub', 'sub_to_main'] as const;
type Direction = (typeof DIRECTIONS)[number];

function subAccountOf(check: Checker, exchange: ExchangeContext): SubAccount | undefined {
  const id = check.string('id', true);
  if (id !== undefined && !UUID.test(id)) check.add('id', 'The id must be a valid UUID.');
  return exchange.engine.state.subAccounts.find((s) => s.id === id);
}

/** Throws code 30 for what `check` collected, then code 2 when the account is unknown. */
function known(check: Checker, sub: SubAccount | undefined): SubAccount {
  check.throwIfFailed(30);
  if (!sub) throw inner({ id: ['Sub-account not found.'] });
  return sub;
}

function tickerOf(check: Checker, required: boolean): string | undefined {
  const ticker = check.string('ticker', required);
  if (ticker === undefined || ticker === '') return undefined;
  if (!ASSET_BY_TICKER.has(ticker)) {
    check.add('ticker', 'The selected ticker is invalid.');
    return undefined;
  }
  return ticker;
}

function directionOf(check: Checker, required: boolean): Direction | undefined {
  const raw = check.raw('direction');
  if (raw === undefined || raw === null || raw === '') {
    if (required) check.add('direction', 'The direction field is required.');
    return undefined;
  }
  if (typeof raw !== 'string' || !(DIRECTIONS as readonly string[]).includes(raw)) {
    check.add('direction', 'The selected direction is invalid.');
    return undefined;
  }
  return raw as Direction;
}

const held = (value: string | undefined) => new Decimal(value ?? '0');

const balances = signedPost(({ check }, exchange) => {
  const candidate = subAccountOf(check, exchange);
  const ticker = tickerOf(check, false);
  const sub = known(check, candidate);
  const own = exchange.engine.state.subBalances[sub.id] ?? {};
  const out: Record<string, unknown> = {};
  for (const asset of ticker ? [ticker] : ASSETS) {
    const b = own[asset];
    out[asset] = [
      wire(SUB_BALANCE, exchange.casing, {
        main: b?.main ?? '0',
        spot: b?.spot ?? '0',
        collateral: '0',
      }),
    ];
  }
  return json(out);
});

const transfer = signedPost(({ check }, exchange) => {
  const candidate = subAccountOf(check, exchange);
  const direction = directionOf(check, true);
  const amount = amountOf(check);
  const ticker = tickerOf(check, true);
  const sub = known(check, candidate);
  if (!direction || !amount || !ticker) throw inner({});
  if (sub.status === 'blocked') throw inner({ id: ['Sub-account is blocked.'] });
  const state = exchange.engine.state;
  const own = (state.subBalances[sub.id] ??= {});
  const subBalance = (own[ticker] ??= { main: '0', spot: '0' });
  const source = direction === 'main_to_sub' ? held(state.main[ticker]) : held(subBalance.main);
  if (amount.gt(source)) {
    throw inner({
      amount: [
        `Not enough balance (available ${source.toFixed()}, in amount: ${amount.toFixed()})`,
      ],
    });
  }
  const sign = direction === 'main_to_sub' ? 1 : -1;
  state.main[ticker] = held(state.main[ticker]).minus(amount.times(sign)).toFixed();
  subBalance.main = held(subBalance.main).plus(amount.times(sign)).toFixed();
  const record: SubTransferRec = {
    transactionId: randomUUID(),
    subAccountId: sub.id,
    direction,
    currency: ticker,
    amount: amount.toFixed(),
    createdAt: Math.floor(exchange.now() / 1000),
  };
  state.subTransfers.unshift(record);
  state.subTransfers.length = Math.min(state.subTransfers.length, SUB_TRANSFERS_LIMIT);
  exchange.changed();
  return json(wire(SUB_TRANSFER_DONE, exchange.casing, { transactionId: record.transactionId }));
});

const history = signedPost(({ check }, exchange) => {
  const candidate = subAccountOf(check, exchange);
  const direction = directionOf(check, false);
  const limit = check.int('limit', 100, 1, 100) ?? 100;
  const offset = check.int('offset', 0, 0, 10000) ?? 0;
  if (offset + limit > 10000)
    check.add('offset', 'Offset is too big. offset + limit must not exceed 10000.');
  const sub = known(check, candidate);
  const data = exchange.engine.state.subTransfers
    .filter((t) => t.subAccountId === sub.id && (!direction || t.direction === direction))
    .slice(offset, offset + limit)
    .map((t) => wire(SUB_TRANSFER, exchange.casing, { ...t, id: t.transactionId }));
  return json(wire(SUB_ACCOUNT_PAGE, exchange.casing, { offset, limit, data }));
});

export const subAccountRoutes: Record<string, Route> = {
  '/api/v4/sub-account/balances': balances,
  '/api/v4/sub-account/transfer': transfer,
  '/api/v4/sub-account/transfer/history': history,
};
