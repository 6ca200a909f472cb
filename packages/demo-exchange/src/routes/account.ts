import { randomUUID } from 'node:crypto';
import { Decimal, parseAmount } from '../decimal';
import { inner, validation } from '../errors';
import { created, json, signedPost, type ExchangeContext, type Route } from '../context';
import { ASSETS } from '../assets';
import type { FlexInvestment, TransferRecord } from '../state';
import { DEPOSIT_STATUSES, WITHDRAW_STATUSES, historyRecords } from '../transfers';
import {
  CONFIRMATIONS,
  DATA,
  FLEX_INVESTMENT,
  FLEX_PAGE,
  FLEX_PAYMENT,
  FLEX_PLAN,
  MAIN_BALANCE,
  snakeToCamel,
  SUB_ACCOUNT,
  SUB_ACCOUNT_PAGE,
  TRANSACTION,
  TRANSFER,
  TRANSFER_DETAILS,
  TRANSFER_PAGE,
  TRANSFER_PARTIAL,
  wire,
  type Casing,
} from '../fields';
import { UUID, type Checker } from '../validate';

/**
 * Main account, smart-flex, sub-account and WebSocket-token endpoints (mining: routes/mining.ts).
 * - main-account/history validation: code 30, HTTP 422 (limit 1..500, offset 0..10000,
 *   offset + limit <= 10000, addresses <= 20, status codes valid for transactionMethod, and without a
 *   transactionMethod valid for either).
 * - smart-flex: code 0 / HTTP 422 for validation, code 2 / HTTP 400 for inner validation (spec);
 *   investments and payment-history, whose filters only the reference documents, answer their
 *   validation with HTTP 400. Investments carry the reference's numeric status (1 ACTIVE, 0 CLOSED).
 * - sub-account: code 30 / HTTP 422 for a missing or malformed id, code 2 / HTTP 400 for an unknown
 *   one. Blocking a blocked account (or unblocking an active one) succeeds (idempotent).
 */
const flexValidation = (errors: Record<string, string[]>) => validation(0, errors, 422);

/** What invest and close answer: `{data: {transaction_id}}`. */
const flexTransaction = (casing: Casing) =>
  wire(DATA, casing, { data: wire(TRANSACTION, casing, { transactionId: randomUUID() }) });

function transferRecord(record: TransferRecord, casing: Casing): Record<string, unknown> {
  return wire(TRANSFER, casing, {
    ...record,
    details: wire(TRANSFER_DETAILS, casing, {
      partial: wire(TRANSFER_PARTIAL, casing, record.details.partial),
    }),
    confirmations: wire(CONFIRMATIONS, casing, record.confirmations),
  });
}

const history = signedPost(({ check }, exchange) => {
  const method = check.raw('transaction_method');
  if (
    method !== undefined &&
    method !== null &&
    method !== 1 &&
    method !== 2 &&
    method !== '1' &&
    method !== '2'
  ) {
    check.add('transactionMethod', 'The selected transaction method is invalid.');
  }
  const tm = method === undefined || method === null ? undefined : Number(method);
  const ticker = check.string('ticker');
  const address = check.string('address');
  const memo = check.string('memo');
  const uniqueId = check.string('unique_id');
  const limit = check.int('limit', 50, 1, 500) ?? 50;
  const offset = check.int('offset', 0, 0, 10000) ?? 0;
  if (offset + limit > 10000)
    check.add('offset', 'Offset is too big. offset + limit must not exceed 10000.');
  const addressesRaw = check.raw('addresses');
  let addresses: string[] | undefined;
  if (addressesRaw !== undefined && addressesRaw !== null) {
    if (!Array.isArray(addressesRaw) || addressesRaw.some((a) => typeof a !== 'string')) {
      check.add('addresses', 'The addresses must be an array of strings.');
    } else if (addressesRaw.length > 20) {
      check.add('addresses', 'The addresses may not have more than 20 items.');
    } else addresses = addressesRaw as string[];
  }
  const statusRaw = check.raw('status');
  let statuses: number[] | undefined;
  if (statusRaw !== undefined && statusRaw !== null) {
    const valid = new Set<number>(
      tm === 1
        ? DEPOSIT_STATUSES
        : tm === 2
          ? WITHDRAW_STATUSES
          : [...DEPOSIT_STATUSES, ...WITHDRAW_STATUSES],
    );
    if (!Array.isArray(statusRaw) || statusRaw.some((s) => !Number.isInteger(s))) {
      check.add('status', 'The status must be an array of integers.');
    } else if (statusRaw.some((s) => !valid.has(s as number))) {
      check.add('status', 'The selected status is invalid for this transaction method.');
    } else statuses = statusRaw as number[];
  }
  check.throwIfFailed(30);
  const all = historyRecords(
    exchange.seed,
    exchange.anchorSec,
    exchange.engine.state.transfers,
  ).filter(
    (r) =>
      (tm === undefined || r.method === tm) &&
      (!ticker || r.ticker === ticker) &&
      (!address || r.address === address) &&
      (!memo || r.memo === memo) &&
      (!uniqueId || r.uniqueId === uniqueId) &&
      (!addresses || addresses.length === 0 || addresses.includes(r.address)) &&
      (!statuses || statuses.length === 0 || statuses.includes(r.status)),
  );
  const records = all.slice(offset, offset + limit).map((r) => transferRecord(r, exchange.casing));
  return created(
    wire(TRANSFER_PAGE, exchange.casing, { limit, offset, records, total: all.length }),
    exchange.casing,
  );
});

function planOf(check: Checker, exchange: ExchangeContext) {
  const plan = check.raw('plan');
  if (plan === undefined || plan === null || plan === '') {
    throw flexValidation({ plan: ['validation.required'] });
  }
  if (typeof plan !== 'string') throw flexValidation({ plan: ['validation.string'] });
  return { id: plan, plan: exchange.engine.state.flexPlans.find((p) => p.id === plan) };
}

/** `investmentStatus` filter values (an integer, or its digit): 1 ACTIVE, 0 CLOSED. */
const INVESTMENT_STATUS_FILTER = new Map<unknown, FlexInvestment['status']>([
  [1, 'ACTIVE'],
  ['1', 'ACTIVE'],
  [0, 'CLOSED'],
  ['0', 'CLOSED'],
]);

/** An investment as the server lists it: `status` 1 (ACTIVE) or 0 (CLOSED). */
function investmentRecord(investment: FlexInvestment, casing: Casing): Record<string, unknown> {
  return wire(FLEX_INVESTMENT, casing, {
    ...investment,
    status: investment.status === 'ACTIVE' ? 1 : 0,
  });
}

/**
 * An optional id that must name something that exists (Laravel's `exists` rule): absent, null and ""
 * are absent; anything else unknown is "The selected <label> is invalid.".
 */
function existing(check: Checker, name: string, label: string, known: (id: string) => boolean) {
  const value = check.raw(name);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !known(value)) {
    check.add(name, `The selected ${label} is invalid.`);
    return undefined;
  }
  return value;
}

/** An optional Unix time (whole seconds, or their digits as a string), read in either casing. */
function timestamp(check: Checker, snake: string, label: string): number | undefined {
  const value = check.raw(snake);
  if (value === undefined || value === null) return undefined;
  const seconds = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof seconds === 'number' && Number.isSafeInteger(seconds) && seconds >= 0) return seconds;
  check.add(snakeToCamel(snake), `The ${label} is invalid.`);
  return undefined;
}

/**
 * Interest payments (DAILY_EARNING only, action type 4), newest first: `limit` (default 50, at
 * most 100 here) and `offset`, filtered by plan, investment, transaction and [dateFrom, dateTo].
 */
const paymentHistory = signedPost(({ check }, exchange) => {
  const state = exchange.engine.state;
  const limit = check.int('limit', 50, 1, 100) ?? 50;
  const offset = check.int('offset', 0, 0) ?? 0;
  const plan = existing(check, 'plan', 'plan', (id) => state.flexPlans.some((p) => p.id === id));
  const investment = existing(check, 'investment', 'investment', (id) =>
    state.flexInvestments.some((i) => i.id === id),
  );
  const transaction = existing(check, 'transaction', 'transaction', (id) =>
    state.flexPayments.some((p) => p.transactionId === id),
  );
  const from = timestamp(check, 'date_from', 'date from');
  const to = timestamp(check, 'date_to', 'date to');
  if (check.failed) throw validation(0, check.errors, 400);
  const rows = state.flexPayments
    .filter(
      (p) =>
        (!plan || p.planId === plan) &&
        (!investment || p.investmentId === investment) &&
        (!transaction || p.transactionId === transaction) &&
        (from === undefined || p.createdAt >= from) &&
        (to === undefined || p.createdAt <= to),
    )
    .sort((a, b) => b.createdAt - a.createdAt || a.transactionId.localeCompare(b.transactionId));
  const data = rows
    .slice(offset, offset + limit)
    .map((p) => wire(FLEX_PAYMENT, exchange.casing, { ...p, actionType: 4 }));
  return json(wire(FLEX_PAGE, exchange.casing, { data, limit, offset }));
});

export const accountRoutes: Record<string, Route> = {
  // Every listed currency (zero ones too); a ticker gives its one balance, flat, and an unknown
  // ticker is a zero balance, not an error (reference: main_api_v4.yaml, getMainBalance).
  '/api/v4/main-account/balance': signedPost(({ check }, exchange) => {
    const ticker = check.raw('ticker');
    if (ticker !== undefined && ticker !== null && typeof ticker !== 'string') {
      check.add('ticker', 'validation.string');
    }
    check.throwIfFailed(0);
    const main = exchange.engine.state.main;
    const record = (asset: string) =>
      wire(MAIN_BALANCE, exchange.casing, { mainBalance: main[asset] ?? '0' });
    if (typeof ticker === 'string' && ticker !== '') return json(record(ticker));
    const out: Record<string, unknown> = {};
    for (const asset of ASSETS) out[asset] = record(asset);
    return json(out);
  }),
  '/api/v4/main-account/history': history,
  '/api/v4/main-account/smart-flex/plans': signedPost((_context, exchange) =>
    json(exchange.engine.state.flexPlans.map((p) => wire(FLEX_PLAN, exchange.casing, p))),
  ),
  '/api/v4/main-account/smart-flex/investments': signedPost(({ check }, exchange) => {
    const state = exchange.engine.state;
    const limit = check.int('limit', 100, 1, 100) ?? 100;
    const offset = check.int('offset', 0, 0) ?? 0;
    const statusRaw = check.raw('investment_status');
    const status = INVESTMENT_STATUS_FILTER.get(statusRaw);
    if (statusRaw !== undefined && statusRaw !== null && status === undefined) {
      check.add('investmentStatus', 'The selected investment status is invalid.');
    }
    const ticker = existing(check, 'ticker', 'ticker', (t) => ASSETS.includes(t));
    const plan = existing(check, 'plan', 'plan', (id) => state.flexPlans.some((p) => p.id === id));
    const investment = existing(check, 'investment', 'investment', (id) =>
      state.flexInvestments.some((i) => i.id === id),
    );
    check.throwIfFailed(0, 400);
    const rows = state.flexInvestments.filter(
      (i) =>
        (status === undefined || i.status === status) &&
        (!ticker || i.currency === ticker) &&
        (!plan || i.planId === plan) &&
        (!investment || i.id === investment),
    );
    const data = rows
      .slice(offset, offset + limit)
      .map((i) => investmentRecord(i, exchange.casing));
    return json(wire(FLEX_PAGE, exchange.casing, { data, limit, offset }));
  }),
  '/api/v4/main-account/smart-flex/investments/invest': signedPost(({ check }, exchange) => {
    const planRaw = check.raw('plan');
    const amountRaw = check.raw('amount');
    const errors: Record<string, string[]> = {};
    if (planRaw === undefined || planRaw === null || planRaw === '')
      errors.plan = ['validation.required'];
    if (amountRaw === undefined || amountRaw === null || amountRaw === '')
      errors.amount = ['validation.required'];
    else if (!parseAmount(amountRaw)) errors.amount = ['validation.numeric'];
    const withReinvest = check.raw('with_reinvest');
    if (withReinvest !== undefined && withReinvest !== null && typeof withReinvest !== 'boolean') {
      errors.withReinvest = ['validation.boolean'];
    }
    if (Object.keys(errors).length > 0) throw flexValidation(errors);
    const { plan } = planOf(check, exchange);
    const amount = parseAmount(amountRaw) ?? new Decimal(0);
    if (!plan || !plan.active) {
      throw inner({ plan: ['Plan is not active or not available in your region.'] });
    }
    if (amount.gt(plan.maxInvestment)) {
      throw inner({ amount: [`The amount must not be greater than ${plan.maxInvestment}.`] });
    }
    if (amount.lt(plan.minInvestment)) {
      throw inner({ amount: [`The amount must be at least ${plan.minInvestment}.`] });
    }
    const state = exchange.engine.state;
    const balance = new Decimal(state.main[plan.ticker] ?? '0');
    if (amount.gt(balance)) throw inner({ balance: ['Not enough balance.'] });
    state.main[plan.ticker] = balance.minus(amount).toFixed();
    const nowSec = Math.floor(exchange.now() / 1000);
    let investment = state.flexInvestments.find(
      (i) => i.planId === plan.id && i.status === 'ACTIVE',
    );
    if (investment) {
      investment.invested = new Decimal(investment.invested).plus(amount).toFixed();
      investment.updatedAt = nowSec;
      if (typeof withReinvest === 'boolean') investment.withAutoReinvest = withReinvest;
    } else {
      investment = {
        id: randomUUID(),
        planId: plan.id,
        currency: plan.ticker,
        invested: amount.toFixed(),
        withAutoReinvest: withReinvest === true,
        status: 'ACTIVE',
        createdAt: nowSec,
        updatedAt: nowSec,
      };
      state.flexInvestments.unshift(investment);
    }
    exchange.changed();
    return created(flexTransaction(exchange.casing), exchange.casing);
  }),
  '/api/v4/main-account/smart-flex/investments/payment-history': paymentHistory,
  '/api/v4/main-account/smart-flex/investments/close': signedPost(({ check }, exchange) => {
    const { id } = planOf(check, exchange);
    const state = exchange.engine.state;
    const investment = state.flexInvestments.find((i) => i.planId === id && i.status === 'ACTIVE');
    if (!investment || !new Decimal(investment.invested).gt(0)) {
      throw inner({
        investment: ['Investment is not in ACTIVE status or its amount is not greater than zero.'],
      });
    }
    state.main[investment.currency] = new Decimal(state.main[investment.currency] ?? '0')
      .plus(investment.invested)
      .toFixed();
    investment.invested = '0';
    investment.status = 'CLOSED';
    investment.updatedAt = Math.floor(exchange.now() / 1000);
    exchange.changed();
    return created(flexTransaction(exchange.casing), exchange.casing);
  }),
  '/api/v4/sub-account/list': signedPost(({ check }, exchange) => {
    const limit = check.int('limit', 30, 1, 100) ?? 30;
    const offset = check.int('offset', 0, 0) ?? 0;
    const search = check.string('search');
    check.throwIfFailed(30);
    const rows = exchange.engine.state.subAccounts.filter(
      (s) => !search || s.alias.includes(search) || s.email.includes(search),
    );
    const data = rows
      .slice(offset, offset + limit)
      .map((s) => wire(SUB_ACCOUNT, exchange.casing, s));
    return json(wire(SUB_ACCOUNT_PAGE, exchange.casing, { offset, limit, data }));
  }),
  '/api/v4/sub-account/block': blockRoute('blocked'),
  '/api/v4/sub-account/unblock': blockRoute('active'),
  // A token for the /ws `authorize` method (ws/tokens.ts), bound to the key that asked for it.
  '/api/v4/profile/websocket_token': signedPost(({ apiKey }, exchange) =>
    json({ websocket_token: exchange.wsTokens.issue(apiKey ?? '') }),
  ),
};

function blockRoute(target: 'blocked' | 'active'): Route {
  return signedPost(({ check }, exchange) => {
    const id = check.string('id', true);
    if (id !== undefined && !UUID.test(id)) check.add('id', 'The id must be a valid UUID.');
    check.throwIfFailed(30);
    const sub = exchange.engine.state.subAccounts.find((s) => s.id === id);
    if (!sub) throw inner({ id: ['Sub-account not found.'] });
    sub.status = target;
    exchange.changed();
    return json({});
  });
}
