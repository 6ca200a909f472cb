import { ApiError, validation, type FieldErrors } from '../errors';
import { created, json, signedPost, type ExchangeContext, type Route } from '../context';
import {
  DEFAULT_RANGE,
  INTERVALS,
  MAX_RANGE,
  MINING_ACCOUNTS,
  dayStart,
  hashrateSeries,
  miningAccount,
  workerSeries,
  type Interval,
  type MiningAccountDef,
} from '../hashrate';
import {
  BTC_ADDRESS,
  LIVE_UNTIL,
  POOL_FEE_PERCENT,
  STRATUM_URLS,
  WATCHER_LINK_CAP,
  activeLinks,
  onlineWorkers,
  payoutAt,
  poolOverview,
  rewardsPage,
  workerCounts,
  type PayoutDestination,
} from '../mining';
import { hash32 } from '../rng';
import {
  DATA,
  HASHRATE,
  HASHRATE_POINT,
  MINER_INFO,
  MINING_ACCOUNT,
  MINING_PAGE,
  MINING_POOL,
  MINING_REWARD,
  PAYOUT,
  POOL_BLOCK,
  POOL_POINT,
  STRATUM,
  WATCHER_LINK,
  WORKER_COUNTS,
  WORKER_HASHRATES,
  WORKER_NAMES,
  WORKER_POINT,
  wire,
  type Casing,
} from '../fields';
import type { Checker } from '../validate';

/**
 * The mining pool endpoints (main_api_v4.yaml, Mining Pool; http-v4.yaml, public/mining-pool).
 * Validation: HTTP 400 `{code: 0, message: "Validation failed", errors}`; an unknown account is
 * `errors.user` (rewards alone treats it as an empty filter: 200 with no data); a bad time range is
 * HTTP 422 `{code: 422, message: "Incorrect timestamp"}`. Fields are read in either casing.
 */
const failed = (errors: FieldErrors) => validation(0, errors, 400);
const INCORRECT_TIMESTAMP = () => new ApiError(422, { code: 422, message: 'Incorrect timestamp' });

/** A required account name (<= 255 characters) that must exist. */
function accountOf(check: Checker, field = 'account'): MiningAccountDef {
  const name = check.string(field, true);
  if (name !== undefined && name.length > 255) {
    check.add(field, `The ${field} may not be greater than 255 characters.`);
  }
  if (check.failed) throw failed(check.errors);
  const account = miningAccount(name);
  if (!account) throw failed({ user: [`Mining pool account '${name}' not found`] });
  return account;
}

/**
 * interval/from/to of a hashrate request: a bad field throws at once (HTTP 400); the range is checked
 * against the interval's limits by `verify` (HTTP 422), after the account.
 */
function rangeOf(
  check: Checker,
  nowSec: number,
): { interval: Interval; from: number; to: number; verify(): void } {
  const raw = check.raw('interval') ?? '1h';
  if (typeof raw !== 'string' || !(raw in INTERVALS)) {
    check.add('interval', 'The selected interval is invalid. Allowed: 5m, 1h, 24h.');
  }
  const to = check.int('to', nowSec, 0) ?? nowSec;
  const from = check.int('from', undefined, 0);
  if (check.failed) throw failed(check.errors);
  const interval = raw as Interval;
  const start = from ?? to - DEFAULT_RANGE[interval];
  const verify = () => {
    if (start > to || start > nowSec || to - start > MAX_RANGE[interval]) {
      throw INCORRECT_TIMESTAMP();
    }
  };
  return { interval, from: start, to, verify };
}

/** limit/offset as mining/rewards validates them: translation keys, HTTP 400. */
function rewardsPaging(check: Checker): { limit: number; offset: number } {
  const read = (name: string, def: number, min: number, max: number, maxKey: string) => {
    const v = check.raw(name);
    if (v === undefined || v === null) return def;
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v) ? +v : NaN;
    if (!Number.isSafeInteger(n)) check.add(name, 'validation.integer');
    else if (n < min) check.add(name, 'validation.min');
    else if (n > max) check.add(name, maxKey);
    else return n;
    return def;
  };
  const limit = read('limit', 30, 1, 100, 'validation.max.integer');
  const offset = read('offset', 0, 0, 10000, 'validation.max');
  return { limit, offset };
}

const now = (exchange: ExchangeContext) => Math.floor(exchange.now() / 1000);
const mining = (exchange: ExchangeContext) => exchange.engine.state.mining;

function payoutReply(exchange: ExchangeContext, account: string) {
  const p = payoutAt(mining(exchange), account, now(exchange));
  return wire(PAYOUT, exchange.casing, {
    payoutDestination: p.destination,
    externalAddress: p.address,
  });
}

function linkRecord(casing: Casing, l: ReturnType<typeof activeLinks>[number], full: boolean) {
  return wire(WATCHER_LINK, casing, {
    id: l.id,
    accounts: full ? l.accounts : undefined,
    name: full ? l.name : undefined,
    link: `https://whitebit.com/mining-pool/watcher-link/${l.id}`,
    permissions: full ? l.permissions : undefined,
    liveUntil: l.liveUntil,
    createdAt: l.createdAt,
  });
}

const PERMISSIONS = ['dashboard', 'rewards', 'workers'];

export const miningRoutes: Record<string, Route> = {
  '/api/v4/mining/accounts': signedPost(({ check }, exchange) => {
    const name = check.string('name');
    if (name !== undefined && name.length > 255) {
      check.add('name', 'The name may not be greater than 255 characters.');
    }
    if (check.failed) throw failed(check.errors);
    const today = dayStart(now(exchange));
    const data = MINING_ACCOUNTS.filter((a) => name === undefined || a.name === name)
      .map((a) => ({ name: a.name, createdAt: today - a.createdDaysAgo * 86400 + 3600 }))
      .sort((a, b) => b.createdAt - a.createdAt)
      .map((a) => wire(MINING_ACCOUNT, exchange.casing, a));
    return json(wire(MINING_PAGE, exchange.casing, { data, limit: 30, offset: 0 }));
  }),
  '/api/v4/mining/hashrate': signedPost(({ check }, exchange) => {
    const name = check.string('account', true);
    const nowSec = now(exchange);
    const range = rangeOf(check, nowSec);
    const account = miningAccount(name);
    if (!account) throw failed({ account: ['Account not found'] });
    range.verify();
    const points = hashrateSeries(
      exchange.seed,
      nowSec,
      account,
      mining(exchange).workerChanges,
      range.interval,
      range.from,
      range.to,
    ).map((p) => wire(HASHRATE_POINT, exchange.casing, p));
    return json(
      wire(DATA, exchange.casing, {
        data: wire(HASHRATE, exchange.casing, { account: account.name, hashrate: points }),
      }),
    );
  }),
  '/api/v4/mining/workers/names': signedPost(({ check }, exchange) => {
    const offset = check.int('offset', 0, 0, 10000) ?? 0;
    const limit = check.int('limit', 100, 1, 100) ?? 100;
    const account = accountOf(check);
    const names = onlineWorkers(exchange.seed, now(exchange), account, mining(exchange));
    return json({
      ...wire(DATA, exchange.casing, {
        data: wire(WORKER_NAMES, exchange.casing, { workers: names.slice(offset, offset + limit) }),
      }),
      limit,
      offset,
    });
  }),
  '/api/v4/mining/workers/hashrate': signedPost(({ check }, exchange) => {
    const worker = check.string('worker', true);
    if (worker !== undefined && worker.length > 255) {
      check.add('worker', 'The worker may not be greater than 255 characters.');
    }
    const nowSec = now(exchange);
    const range = rangeOf(check, nowSec);
    const account = accountOf(check);
    if (!account.workers.includes(worker ?? '')) {
      throw failed({ worker: [`Worker '${worker}' not found`] });
    }
    range.verify();
    const points = workerSeries(
      exchange.seed,
      nowSec,
      account,
      worker ?? '',
      mining(exchange).workerChanges,
      range.interval,
      range.from,
      range.to,
    ).map((p) => wire(WORKER_POINT, exchange.casing, p));
    return json(
      wire(DATA, exchange.casing, {
        data: wire(WORKER_HASHRATES, exchange.casing, { hashrates: points }),
      }),
    );
  }),
  '/api/v4/mining/miners/info': signedPost(({ check }, exchange) => {
    const account = accountOf(check);
    const nowSec = now(exchange);
    const online = onlineWorkers(exchange.seed, nowSec, account, mining(exchange));
    const stratum = STRATUM_URLS.map((url, i) =>
      wire(STRATUM, exchange.casing, {
        url,
        workersCount: online.filter((_, k) => k % STRATUM_URLS.length === i).length,
      }),
    );
    return json(
      wire(DATA, exchange.casing, {
        data: wire(MINER_INFO, exchange.casing, {
          fee: POOL_FEE_PERCENT,
          workers: wire(
            WORKER_COUNTS,
            exchange.casing,
            workerCounts(exchange.seed, nowSec, account, mining(exchange)),
          ),
          stratum,
        }),
      }),
    );
  }),
  '/api/v4/mining/rewards': signedPost(({ check }, exchange) => {
    const name = check.string('account');
    const { limit, offset } = rewardsPaging(check);
    const from = check.int('from', undefined, 0);
    const to = check.int('to', undefined, 0);
    if (check.failed) throw failed(check.errors);
    if (from !== undefined && to !== undefined && from > to) throw INCORRECT_TIMESTAMP();
    // No account: every account's; an unknown one: none (the reference's note).
    const account = miningAccount(name);
    const accounts = name === undefined ? MINING_ACCOUNTS : account ? [account] : [];
    const rows = rewardsPage(exchange.seed, now(exchange), accounts, mining(exchange), {
      from,
      to,
      offset,
      limit,
    });
    const data = rows.map((r) => wire(MINING_REWARD, exchange.casing, r));
    return json(wire(MINING_PAGE, exchange.casing, { offset, limit, data }));
  }),
  '/api/v4/mining/payout-destination': signedPost(({ check }, exchange) => {
    const name = check.string('account_name', true);
    if (check.failed) throw failed(check.errors);
    if (!miningAccount(name)) throw failed({ user: ['Mining account not found.'] });
    return json(payoutReply(exchange, name ?? ''));
  }),
  '/api/v4/mining/payout-destination/edit': signedPost(({ check }, exchange) => {
    const name = check.string('account_name', true);
    const destination = check.string('destination', true);
    if (
      destination !== undefined &&
      destination !== 'main_balance' &&
      destination !== 'external_address'
    ) {
      check.add('destination', 'The selected destination is invalid.');
    }
    const address = check.string('address');
    if (address !== undefined && address.length > 100) {
      check.add('address', 'The address may not be greater than 100 characters.');
    }
    if (check.failed) throw failed(check.errors);
    if (!miningAccount(name)) throw failed({ user: ['Mining account not found.'] });
    if (destination === 'external_address') {
      if (!address) {
        throw failed({ address: ['miningPool.validation.payoutDestination.btcAddressRequired'] });
      }
      if (!BTC_ADDRESS.test(address)) {
        throw failed({ address: ['miningPool.validation.payoutDestination.invalidBtcAddress'] });
      }
    }
    mining(exchange).payoutChanges.push({
      account: name ?? '',
      since: now(exchange),
      destination: destination as PayoutDestination,
      address: destination === 'external_address' ? (address ?? null) : null,
    });
    exchange.changed();
    return json(payoutReply(exchange, name ?? ''));
  }),
  '/api/v4/mining/watcher-links/create': signedPost(({ check }, exchange) => {
    const accounts = check.raw('accounts');
    const permissions = check.raw('permissions');
    const liveUntil = check.string('live_until', true);
    const name = check.string('name', true);
    if (
      !Array.isArray(accounts) ||
      accounts.length === 0 ||
      !accounts.every((a) => typeof a === 'string' && a.length <= 255)
    ) {
      check.add('accounts', 'The accounts must be a non-empty list of account names.');
    }
    if (name !== undefined && (name.length > 255 || !/^[a-zA-Z0-9_]+$/.test(name))) {
      check.add('name', 'The name format is invalid.');
    }
    if (
      !Array.isArray(permissions) ||
      permissions.length < 1 ||
      permissions.length > 3 ||
      !permissions.every((p) => typeof p === 'string' && PERMISSIONS.includes(p))
    ) {
      check.add('permissions', 'The selected permissions are invalid.');
    }
    if (liveUntil !== undefined && !(liveUntil in LIVE_UNTIL)) {
      check.add('liveUntil', 'The selected live until is invalid.');
    }
    if (check.failed) throw failed(check.errors);
    const names = accounts as string[];
    const unknown = names.find((a) => !miningAccount(a));
    if (unknown !== undefined)
      throw failed({ user: [`Mining pool account '${unknown}' not found`] });
    const nowSec = now(exchange);
    const state = mining(exchange);
    if (names.some((a) => activeLinks(state, a, nowSec).length >= WATCHER_LINK_CAP)) {
      throw failed({ user: ['Limit exceeded'] });
    }
    const ttl = LIVE_UNTIL[liveUntil ?? ''];
    const id = [0, 1, 2, 3]
      .map((i) => hash32(exchange.seed, 'watcher-link', state.watcherLinks.length, nowSec, i))
      .map((h) => h.toString(16).padStart(8, '0'))
      .join('');
    const link = {
      id,
      accounts: [...new Set(names)],
      name: name ?? '',
      permissions: [...new Set(permissions as string[])],
      liveUntil: ttl === null || ttl === undefined ? null : nowSec + ttl,
      createdAt: nowSec,
    };
    state.watcherLinks.push(link);
    exchange.changed();
    return created(
      wire(DATA, exchange.casing, { data: linkRecord(exchange.casing, link, false) }),
      'deployed',
    );
  }),
  '/api/v4/mining/watcher-links/list': signedPost(({ check }, exchange) => {
    const account = accountOf(check);
    const links = activeLinks(mining(exchange), account.name, now(exchange));
    return json(
      wire(DATA, exchange.casing, {
        data: links.map((l) => linkRecord(exchange.casing, l, true)),
      }),
    );
  }),
  '/api/v4/public/mining-pool': {
    method: 'GET',
    auth: 'none',
    handler: (_context, exchange) => {
      const pool = poolOverview(exchange.seed, now(exchange));
      const c = exchange.casing;
      return json(
        wire(DATA, c, {
          data: wire(MINING_POOL, c, {
            ...pool,
            last7daysHashRate: pool.last7daysHashRate.map((p) => wire(POOL_POINT, c, p)),
            blocks: pool.blocks.map((b) => wire(POOL_BLOCK, c, b)),
          }),
        }),
      );
    },
  },
};
