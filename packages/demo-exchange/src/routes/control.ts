import type { Engine } from '../engine';
import type { Faults, FaultsInput, RequestLog } from '../faults';
import { DEMO_MINING_ACCOUNT, miningAccount } from '../hashrate';
import { MARKET_BY_NAME } from '../markets';
import { BTC_ADDRESS, payoutAt } from '../mining';
import { controlTransferRecord } from '../transfers';

/**
 * The control endpoint, served only with the `control` option (else these paths are 404 like any
 * unknown path). Never logged, rate limited or faulted. JSON in, JSON out.
 *   GET    /__control/log?since=ID   -> {entries:[{id,time,method,path,query,body,apiKey,status,fault}]}
 *   DELETE /__control/log            -> {}
 *   GET    /__control/faults         -> Faults
 *   POST   /__control/faults {latencyMs?, next503?, htmlError?, resetBeforeOrder?, resetAfterOrder?,
 *                             malformedJson?, clockSkewMs?} (numbers or booleans; merged) -> Faults
 *   POST   /__control/reset          -> {}   (seed state back; log kept)
 *   POST   /__control/advance-price {steps?: integer = 1} -> {step}
 *   POST   /__control/set-price {market, price: string | null} -> {market, price}
 *   POST   /__control/deposit {ticker, amount: string} -> {record, main}: a deposit arrives (status 3,
 *                                       now, fee 0): the main balance grows by the amount and the
 *                                       deposit/withdraw history lists it first
 *   POST   /__control/withdraw {ticker, amount: string} -> {record, main}: a withdrawal completes
 *                                       (status 3, the asset's fee): the main balance pays
 *                                       amount + fee (not enough: 400)
 *   GET    /__control/state          -> the full state (balances, maker, fees, orders, nonces ...)
 *   POST   /__control/ws-drop        -> {dropped: n}: every /ws connection terminated at once (no
 *                                       close handshake, as a network drop)
 *   POST   /__control/mining/worker {account?, worker?, state: "offline"|"online"|"low", since?}
 *                                    -> {account, worker, state}: the worker's state from `since`
 *                                       (Unix seconds, not after now; default now) on, in its
 *                                       hashrate history and the workers list (account: demo-miner
 *                                       by default; worker: its first)
 *   POST   /__control/mining/payout {account?, address?}
 *                                    -> {account, payoutDestination, externalAddress}: the payout
 *                                       destination changed behind the app's back, to an external
 *                                       address (given, or one made up)
 * Errors: 400 {error: message}; unknown control path: 404 {error}.
 */
export interface ControlDeps {
  engine: Engine;
  /** The exchange's clock, ms. */
  now(): number;
  reset(): void;
  faults(): Faults;
  setFaults(input: FaultsInput): Faults | string;
  applyFaults(faults: Faults): void;
  log: RequestLog;
  /** Terminates every WebSocket connection; how many there were. */
  dropWs(): number;
  /** The state changed outside the engine (saved like any change). */
  changed(): void;
}

export interface ControlReply {
  status: number;
  json: unknown;
}

function body(raw: string): Record<string, unknown> | null {
  if (!raw) return {};
  try {
    const v: unknown = JSON.parse(raw);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function controlHandler(
  method: string,
  path: string,
  query: URLSearchParams,
  raw: string,
  deps: ControlDeps,
): ControlReply {
  const b = body(raw);
  if (b === null) return { status: 400, json: { error: 'body must be a JSON object' } };
  const route = `${method} ${path.slice('/__control'.length)}`;
  switch (route) {
    case 'GET /log':
      return {
        status: 200,
        json: { entries: deps.log.list(Number(query.get('since') ?? 0) || 0) },
      };
    case 'DELETE /log':
      deps.log.clear();
      return { status: 200, json: {} };
    case 'GET /faults':
      return { status: 200, json: deps.faults() };
    case 'POST /faults': {
      const next = deps.setFaults(b as FaultsInput);
      if (typeof next === 'string') return { status: 400, json: { error: next } };
      deps.applyFaults(next);
      return { status: 200, json: next };
    }
    case 'POST /reset':
      deps.reset();
      return { status: 200, json: {} };
    case 'POST /advance-price': {
      const steps = b.steps ?? 1;
      if (typeof steps !== 'number' || !Number.isInteger(steps)) {
        return { status: 400, json: { error: 'steps must be an integer' } };
      }
      deps.engine.advance(steps);
      return { status: 200, json: { step: deps.engine.currentStep() } };
    }
    case 'POST /set-price': {
      const market = typeof b.market === 'string' ? b.market : '';
      if (!MARKET_BY_NAME.has(market)) return { status: 400, json: { error: 'unknown market' } };
      const price = b.price;
      if (
        price !== null &&
        (typeof price !== 'string' || !/^\d+(\.\d+)?$/.test(price) || /^0+(\.0+)?$/.test(price))
      ) {
        return { status: 400, json: { error: 'price must be a positive decimal string or null' } };
      }
      deps.engine.setPrice(market, price);
      return { status: 200, json: { market, price } };
    }
    case 'POST /deposit':
    case 'POST /withdraw': {
      const state = deps.engine.state;
      const record = controlTransferRecord(route === 'POST /deposit' ? 1 : 2, b.ticker, b.amount, {
        seed: state.seed,
        nowMs: deps.now(),
        serial: state.transfers.length,
      });
      if (typeof record === 'string') return { status: 400, json: { error: record } };
      if (!deps.engine.transfer(record)) {
        return { status: 400, json: { error: 'not enough in the main balance (amount + fee)' } };
      }
      return { status: 200, json: { record, main: state.main[record.ticker] } };
    }
    case 'POST /mining/worker':
      return miningWorker(b, deps);
    case 'POST /mining/payout':
      return miningPayout(b, deps);
    case 'POST /ws-drop':
      return { status: 200, json: { dropped: deps.dropWs() } };
    case 'GET /state':
      return { status: 200, json: deps.engine.state };
    default:
      return { status: 404, json: { error: `unknown control endpoint ${route}` } };
  }
}

const WORKER_STATES = ['offline', 'online', 'low'] as const;

function miningWorker(b: Record<string, unknown>, deps: ControlDeps): ControlReply {
  const account = miningAccount(typeof b.account === 'string' ? b.account : DEMO_MINING_ACCOUNT);
  if (!account || account.workers.length === 0) {
    return { status: 400, json: { error: 'unknown mining account (or one without workers)' } };
  }
  const worker = b.worker ?? account.workers[0];
  if (typeof worker !== 'string' || !account.workers.includes(worker)) {
    return { status: 400, json: { error: 'unknown worker' } };
  }
  const state = WORKER_STATES.find((s) => s === b.state);
  if (!state) return { status: 400, json: { error: 'state must be offline, online or low' } };
  const nowSec = Math.floor(deps.now() / 1000);
  const since = b.since ?? nowSec;
  if (typeof since !== 'number' || !Number.isSafeInteger(since) || since > nowSec) {
    return { status: 400, json: { error: 'since must be Unix seconds, not after now' } };
  }
  deps.engine.state.mining.workerChanges.push({ account: account.name, worker, state, since });
  deps.changed();
  return { status: 200, json: { account: account.name, worker, state } };
}

function miningPayout(b: Record<string, unknown>, deps: ControlDeps): ControlReply {
  const account = miningAccount(typeof b.account === 'string' ? b.account : DEMO_MINING_ACCOUNT);
  if (!account) return { status: 400, json: { error: 'unknown mining account' } };
  const address = b.address ?? '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy';
  if (typeof address !== 'string' || !BTC_ADDRESS.test(address)) {
    return { status: 400, json: { error: 'address must be a BTC address' } };
  }
  const nowSec = Math.floor(deps.now() / 1000);
  const mining = deps.engine.state.mining;
  mining.payoutChanges.push({
    account: account.name,
    since: nowSec,
    destination: 'external_address',
    address,
  });
  deps.changed();
  const p = payoutAt(mining, account.name, nowSec);
  return {
    status: 200,
    json: { account: account.name, payoutDestination: p.destination, externalAddress: p.address },
  };
}
