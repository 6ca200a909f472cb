import type { Decimal, Millis } from '../../shared/model';

/**
 * What the portfolio history keeps per profile (issue 18), as main's code passes it around: the
 * database (store.ts) writes and reads exactly these, the reconstruction and profit-and-loss
 * (backfill.ts, profitLoss.ts) compute from them. Amounts are decimal strings, never numbers.
 */

/** One asset in a balance snapshot. */
export interface SnapshotHolding {
  ticker: string;
  main: Decimal;
  /** Trade balance: available and frozen. */
  trade: Decimal;
  /** Invested in active flex investments. */
  flex: Decimal;
  /** The price used for the snapshot's total (quote per unit); null: unpriced. */
  price: Decimal | null;
}

/** The balances of every account at one moment, valued in one quote (an Overview refresh). */
export interface Snapshot {
  takenAt: Millis;
  quote: string;
  /** Sum of the priced holdings' values, as the Overview showed it. */
  total: Decimal;
  holdings: SnapshotHolding[];
}

/** A deal of the account (executed-history), with its market and side. */
export interface StoredDeal {
  dealId: number;
  orderId: number | null;
  /** e.g. BTC_USDT: stock_money. */
  market: string;
  side: 'buy' | 'sell';
  role: 'maker' | 'taker';
  price: Decimal;
  /** Stock. */
  amount: Decimal;
  /** Money: amount x price. */
  deal: Decimal;
  fee: Decimal;
  /** The fee's asset; when the exchange does not say, what the deal received (feeAssetOf). */
  feeAsset: string;
  time: Millis;
}

/**
 * A deposit or withdrawal that changed a balance (successful, or the processed part of a partial),
 * mapped by sync.ts (storedTransfer). Its effect on the asset's balance:
 *   deposit:  + amount
 *   withdraw: - (amount + fee)
 * For a withdrawal the exchange's record lists the amount sent and the fee side by side; the
 * reference (main_api_v4.yaml, withdraw / withdraw-pay) says the balance pays both. A partially
 * successful withdrawal (18) counts its processed amount and processed fee only.
 *
 * The demo exchange's deposit/withdraw history is a seeded list of 2,500 records over the past
 * year (demo-exchange/transfers.ts), drawn so that, with the seeded deals and interest payments,
 * it explains the seeded balances (walked back, none falls below zero); its deposit fees are all
 * zero.
 */
export interface StoredTransfer {
  /** The exchange's unique id, else a key built from its transaction id / hash and time. */
  key: string;
  kind: 'deposit' | 'withdraw';
  ticker: string;
  /** What reached (deposit) or left (withdraw) the balance, fee excluded. */
  amount: Decimal;
  /** Charged on top of a withdrawal, or taken from a deposit, in the ticker. */
  fee: Decimal;
  /** The exchange's status code (api-v4-notes §5). */
  status: number;
  time: Millis;
}

/** Interest paid by a flex investment (it adds to the asset's balance). */
export interface StoredFlexPayment {
  transactionId: string;
  ticker: string;
  amount: Decimal;
  time: Millis;
}

/** A market's daily close (the v1 kline, interval 1d), the day's midnight UTC. */
export interface DailyClose {
  market: string;
  day: Millis;
  close: Decimal;
}

/** What a sync source has fetched: every record from `earliest` to `through` is in the store. */
export interface SyncCursor {
  /** `subAccount:<id>`: one sub-account's transfers with the main account (migration 8). */
  source: 'deals' | 'transfers' | 'flexPayments' | 'converts' | `subAccount:${string}`;
  earliest: Millis;
  through: Millis;
}

/**
 * A transfer between the main account and one of its sub-accounts (sub-account/transfer/history),
 * kept by the main account's profile. It moves units between the user's own accounts: never a
 * gain, a loss or a gap (issue 34 item 6). `main_to_sub`: the main account's balance − amount.
 */
export interface StoredSubAccountTransfer {
  transactionId: string;
  /** The sub-account's id. */
  subAccountId: string;
  direction: 'main_to_sub' | 'sub_to_main';
  ticker: string;
  amount: Decimal;
  time: Millis;
}

/**
 * A confirmed convert (convert/history): `give` of `from` left the trade balance and `receive` of
 * `to` came in, at the quoted rate. It disposes of `from` and acquires `to` (issue 34 item 6).
 */
export interface StoredConvert {
  id: string;
  from: string;
  to: string;
  give: Decimal;
  receive: Decimal;
  time: Millis;
}
