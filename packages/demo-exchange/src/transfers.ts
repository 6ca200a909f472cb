import { ASSET_BY_TICKER } from './assets';
import { Decimal } from './decimal';
import { transferHeadroom } from './seed';
import { Rng, hash32 } from './rng';
import type { TransferRecord } from './state';

/**
 * The seeded deposit/withdraw history (main-account/history): 2,500 records, newest first, spread
 * over the 365 days before the anchor (today's UTC midnight at start). Derived from the seed only
 * and built on first use (not at start-up, not persisted).
 *
 * The records that changed a balance (successful, and the processed part of a partial withdrawal)
 * explain the seeded balances as a real account's history would: walked back from them, through
 * these and the seeded deals and interest payments, no balance falls below zero. Drawn newest
 * first, a successful deposit more than the currency's headroom (seed.ts transferHeadroom) allows
 * is turned into a withdrawal of the same amount; whatever else was drawn stays as it was.
 *
 * Status codes follow notes §5. Deposits: 3, 7 successful; 4, 9 canceled; 5 unconfirmed by user;
 * 15 pending; 21 frozen (AML); 22 uncredited; 27, 28 travel-rule checks. Withdrawals: 1, 2, 6, 10-17
 * pending; 3, 7 successful; 4 canceled; 5 unconfirmed; 18 partially successful; 21 frozen.
 */
export const DEPOSIT_STATUSES = [3, 7, 4, 9, 5, 15, 21, 22, 27, 28] as const;
export const WITHDRAW_STATUSES = [
  1, 2, 6, 10, 11, 12, 13, 14, 15, 16, 17, 3, 7, 4, 5, 18, 21,
] as const;
export const TRANSFER_COUNT = 2500;

interface CurrencyDef {
  ticker: string;
  name: string;
  networks: (string | null)[];
  /** Typical amount range, in whole units of the currency's smallest step. */
  min: number;
  max: number;
  precision: number;
  fee: string;
  memo: boolean;
  confirmations: number;
}

/**
 * What the history draws for each currency, in this order (the draw order): amounts in whole units
 * of 10^-places between min and max, within the networks' limits. Everything else (name, networks,
 * withdrawal fee, memo, confirmations) is the asset table's (assets.ts). LTC's records carry no
 * network name (`network: null`, as the exchange sends it for some records).
 */
const DRAWS: { ticker: string; min: number; max: number; places: number; noNetwork?: true }[] = [
  { ticker: 'BTC', min: 10_000, max: 50_000_000, places: 8 },
  { ticker: 'ETH', min: 1_000, max: 5_000_000, places: 6 },
  { ticker: 'USDT', min: 1_000, max: 2_000_000, places: 2 },
  { ticker: 'USDC', min: 1_000, max: 500_000, places: 2 },
  { ticker: 'SOL', min: 100, max: 50_000, places: 3 },
  { ticker: 'XRP', min: 100, max: 100_000, places: 1 },
  { ticker: 'DOGE', min: 50, max: 200_000, places: 0 },
  { ticker: 'TRX', min: 100, max: 500_000, places: 1 },
  { ticker: 'LTC', min: 100, max: 10_000, places: 3, noNetwork: true },
];

const CURRENCIES: CurrencyDef[] = DRAWS.map((d) => {
  const asset = ASSET_BY_TICKER.get(d.ticker);
  if (!asset) throw new Error(`transfers: ${d.ticker} is not a listed asset`);
  return {
    ticker: d.ticker,
    name: asset.name,
    networks: d.noNetwork ? [null] : asset.rails.map((r) => r.id),
    min: d.min,
    max: d.max,
    precision: d.places,
    fee: 'fixed' in asset.withdrawFee ? asset.withdrawFee.fixed : '0',
    memo: asset.memo,
    confirmations: asset.confirmations ?? 0,
  };
});

function address(rng: Rng, network: string | null): string {
  switch (network) {
    case 'BTC':
      return `bc1q${rng.hex(38)}`;
    case 'LIGHTNING':
      return `lnbc${rng.hex(60)}`;
    case 'TRC20':
      return `T${rng.hex(33)}`;
    case 'SOL':
      return rng.hex(44);
    case 'XRP':
      return `r${rng.hex(33)}`;
    case 'DOGE':
      return `D${rng.hex(33)}`;
    case null:
    case 'LTC':
      return `ltc1${rng.hex(38)}`;
    default:
      return `0x${rng.hex(40)}`;
  }
}

/** What a record says of its currency. */
type Listed = Pick<CurrencyDef, 'name' | 'ticker' | 'memo' | 'confirmations'>;

/** What a record's own draws and its caller decide. */
interface Drawn {
  address: string;
  uniqueId: string | null;
  createdAt: number;
  method: 1 | 2;
  amount: Decimal;
  /** What was done of it: the amount, or a partial withdrawal's part. */
  processed: Decimal;
  fee: Decimal;
  status: number;
  network: string | null;
  transactionHash: string;
}

/**
 * A history record of `currency`: from `drawn`, and from `rng` its memo (a currency with memos),
 * transaction id and, unfinished (not successful, not partial), its confirmations so far, drawn in
 * that order.
 */
function listed(rng: Rng, currency: Listed, drawn: Drawn): TransferRecord {
  const done = drawn.status === 3 || drawn.status === 7 || drawn.status === 18;
  return {
    address: drawn.address,
    uniqueId: drawn.uniqueId,
    createdAt: drawn.createdAt,
    currency: currency.name,
    ticker: currency.ticker,
    method: drawn.method,
    amount: drawn.amount.toFixed(),
    description: drawn.method === 1 ? 'Deposit' : 'Withdraw',
    memo: currency.memo ? String(rng.int(100000, 999999)) : '',
    fee: drawn.fee.toFixed(),
    status: drawn.status,
    network: drawn.network,
    transactionHash: drawn.transactionHash,
    transactionId: `${rng.hex(8)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(12)}`,
    details: {
      partial: {
        requestAmount: drawn.amount.toFixed(),
        processedAmount: drawn.processed.toFixed(),
        processedFee: drawn.fee.toFixed(),
        normalizeTransaction: '',
      },
    },
    confirmations: {
      actual: done
        ? currency.confirmations
        : rng.int(0, currency.confirmations - 1 < 0 ? 0 : currency.confirmations - 1),
      required: currency.confirmations,
    },
  };
}

let cache: { key: string; records: TransferRecord[] } | null = null;

export function transferRecords(seed: number, anchorSec: number): TransferRecord[] {
  const key = `${seed}:${anchorSec}`;
  if (cache?.key === key) return cache.records;
  const rng = new Rng(seed + 7);
  // Address pools: a few addresses are reused many times so address filters return something.
  const pools = new Map<string, string[]>();
  for (const currency of CURRENCIES) {
    for (const n of currency.networks) {
      pools.set(
        `${currency.ticker}:${n}`,
        Array.from({ length: 6 }, () => address(rng, n)),
      );
    }
  }
  const headroom = transferHeadroom(seed);
  /** Per currency, what the records drawn so far (newer ones) add up to. */
  const gained = new Map<string, Decimal>();
  const records: TransferRecord[] = [];
  let t = anchorSec;
  const span = 365 * 86400;
  for (let i = 0; i < TRANSFER_COUNT; i++) {
    t -= rng.int(1, Math.floor((2 * span) / TRANSFER_COUNT));
    const currency = rng.pick(CURRENCIES);
    const network = rng.pick(currency.networks);
    const drawn = rng.next() < 0.55 ? 1 : 2;
    const statuses: readonly number[] = drawn === 1 ? DEPOSIT_STATUSES : WITHDRAW_STATUSES;
    // Mostly successful, the rest spread over every status.
    const status = rng.next() < 0.7 ? rng.pick([3, 7]) : rng.pick(statuses);
    const step = new Decimal(1).div(new Decimal(10).pow(currency.precision));
    const amount = step.times(rng.int(currency.min, currency.max));
    const successful = status === 3 || status === 7;
    // A successful deposit the balances cannot have held since is a withdrawal (3 and 7 are
    // successful either way; nothing else drawn depends on the direction).
    const gain = gained.get(currency.ticker) ?? new Decimal(0);
    const overdraws =
      drawn === 1 && successful && gain.plus(amount).gt(headroom.get(currency.ticker) ?? 0);
    const method = overdraws ? 2 : drawn;
    const fee = method === 2 ? new Decimal(currency.fee) : new Decimal(0);
    const pool = pools.get(`${currency.ticker}:${network}`) ?? [];
    const addr = rng.next() < 0.8 ? rng.pick(pool) : address(rng, network);
    const hash = rng.hex(64);
    const partial = status === 18;
    const processed = partial
      ? amount.div(2).toDecimalPlaces(currency.precision, Decimal.ROUND_DOWN)
      : amount;
    const done = successful || partial;
    if (done) {
      const change = method === 1 ? amount : processed.plus(fee).neg();
      gained.set(currency.ticker, gain.plus(change));
    }
    const uniqueId = rng.next() < 0.3 ? null : `${rng.hex(8)}-${i}`;
    const transactionHash = status === 5 || status === 4 ? '' : hash;
    records.push(
      listed(rng, currency, {
        address: addr,
        uniqueId,
        createdAt: t,
        method,
        amount,
        processed,
        fee,
        status,
        network,
        transactionHash,
      }),
    );
  }
  cache = { key, records };
  return records;
}

/** Whole units of an amount the control endpoint credits or debits at most. */
const CONTROL_MAX = new Decimal('1000000000');

/**
 * A deposit (method 1) or withdrawal (2) made now through the control endpoint, as the history
 * lists a successful one (status 3): a listed crypto asset on its first network open that way, at
 * least that network's minimum (at most its maximum, and at most 10^9), in at most the asset's
 * places; a fresh address, hash and ids; every confirmation done; a withdrawal pays the asset's fee
 * on top, a deposit none. Answers why not as text.
 */
export function controlTransferRecord(
  method: 1 | 2,
  ticker: unknown,
  amount: unknown,
  made: { seed: number; nowMs: number; serial: number },
): TransferRecord | string {
  const asset = typeof ticker === 'string' ? ASSET_BY_TICKER.get(ticker) : undefined;
  if (!asset || asset.fiat) return 'ticker must be a listed crypto asset';
  const direction = method === 1 ? 'deposit' : 'withdraw';
  const rail = asset.rails.find((r) => r[direction] !== null);
  const limits = rail?.[direction];
  if (!rail || !limits)
    return `${asset.ticker} cannot be ${method === 1 ? 'deposited' : 'withdrawn'}`;
  const value =
    typeof amount === 'string' && /^\d+(\.\d+)?$/.test(amount) ? new Decimal(amount) : null;
  if (
    !value ||
    value.decimalPlaces() > asset.precision ||
    value.lt(limits.min) ||
    value.gt(limits.max ?? CONTROL_MAX)
  ) {
    const max = limits.max ?? CONTROL_MAX.toFixed();
    return `amount must be a decimal string from ${limits.min} to ${max}, at most ${asset.precision} places`;
  }
  const rng = new Rng(hash32(made.seed, 'control', made.serial, made.nowMs));
  const fee = new Decimal(
    method === 2 && 'fixed' in asset.withdrawFee ? asset.withdrawFee.fixed : '0',
  );
  const currency = { ...asset, confirmations: asset.confirmations ?? 0 };
  return listed(rng, currency, {
    address: address(rng, rail.id),
    uniqueId: `${rng.hex(8)}-c${made.serial}`,
    createdAt: Math.floor(made.nowMs / 1000),
    method,
    amount: value,
    processed: value,
    fee,
    status: 3,
    network: rail.id,
    transactionHash: rng.hex(64),
  });
}

/**
 * The deposit/withdraw history as main-account/history lists it, newest first: the transfers made
 * through the control endpoint (`made`, newest first) among the seeded ones (at the same second,
 * the made one first).
 */
export function historyRecords(
  seed: number,
  anchorSec: number,
  made: readonly TransferRecord[],
): TransferRecord[] {
  const seeded = transferRecords(seed, anchorSec);
  if (made.length === 0) return seeded;
  const all: TransferRecord[] = [];
  let i = 0;
  let j = 0;
  while (i < made.length || j < seeded.length) {
    const a = made[i];
    const b = seeded[j];
    if (a && (!b || a.createdAt >= b.createdAt)) {
      all.push(a);
      i++;
    } else if (b) {
      all.push(b);
      j++;
    }
  }
  return all;
}
