import { isZeroDecimal, Precise } from '../../shared/decimal';
import { exactText } from '../../shared/format';
import type { CsvExport, RealizedGainRow, TaxExportFormat, TaxReport } from '../../shared/model';
import { miningRewardMovement } from '../portfolioHistory/movements';
import { deliverCsv, toCsv, type SaveFile } from '../services/csv';
import type { TaxHistory } from './history';
import { taxYearRange } from './lots';

/**
 * The files tax tools import (issue 36 item 5), pure: the tax year's records of the history
 * database written as Koinly Universal, a CoinTracking import, the per-lot realised gains of the
 * report, and a plain ledger. Every file goes through the one CSV writer (services/csv.ts), so text
 * from the exchange that starts like a formula is defused; amounts are the exchange's exact decimal
 * strings, and a figure computed here (a negative, a sum) is written out in plain decimal notation
 * (`exactText`), the one form the writer keeps as a number: "-12.5", never "-1.25e+1", which it
 * would defuse like text.
 *
 * Only records inside the tax year ([from, to) of `taxYearRange`) are written, oldest first (records
 * at the same instant in the order: deals by id, transfers, flex interest, mining, sub-account
 * moves, converts). Dates are UTC.
 *
 * Moves between the main account and its sub-accounts are left out of the Koinly and CoinTracking
 * files: the tax report pools the lots of all of the user's accounts (a move is never a disposal),
 * and Koinly makes a move tax-free only by matching a withdrawal in one of the user's wallets with a
 * deposit in another; this file is one wallet, so one leg alone would stand as an unmatched
 * withdrawal or deposit to be resolved by hand. The ledger lists them, as it lists everything.
 */

/** The exchange's name, as CoinTracking's "Exchange" column and the descriptions carry it. */
const EXCHANGE = 'WhiteBIT';

interface Year {
  year: number;
  yearStartMonth: number;
}

/** One record of the year, whatever it came from. */
type YearRecord =
  | {
      kind: 'deal';
      at: number;
      side: 'buy' | 'sell';
      market: string;
      stock: string;
      money: string;
      amount: string;
      deal: string;
      fee: string;
      feeAsset: string;
      dealId: number;
      orderId: number | null;
    }
  | {
      kind: 'deposit' | 'withdraw';
      at: number;
      asset: string;
      amount: string;
      fee: string;
      key: string;
    }
  | { kind: 'interest'; at: number; asset: string; amount: string; id: string }
  | { kind: 'mining'; at: number; asset: string; amount: string; id: string }
  | {
      kind: 'subAccount';
      at: number;
      asset: string;
      amount: string;
      id: string;
      subAccountId: string;
      direction: 'main_to_sub' | 'sub_to_main';
    }
  | {
      kind: 'convert';
      at: number;
      from: string;
      to: string;
      give: string;
      receive: string;
      id: string;
    };

const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);
/** "2026-03-01 10:00:00": the date Koinly and CoinTracking read, in UTC. */
const toolDate = (at: number) => new Date(at).toISOString().slice(0, 19).replace('T', ' ');
const isoDate = (at: number) => new Date(at).toISOString();

/** What one deal's market is made of: BTC_USDT is stock BTC, money USDT. */
function sidesOf(market: string): [stock: string, money: string] {
  const cut = market.indexOf('_');
  return cut < 0 ? [market, ''] : [market.slice(0, cut), market.slice(cut + 1)];
}

/** `amount` taken away, in plain decimal notation ("0" stays "0"). */
function negated(amount: string): string {
  return isZeroDecimal(amount) ? '0' : exactText(new Precise(amount).neg().toFixed());
}

/** A fee to write: empty when there is none. */
const feeText = (fee: string) => (isZeroDecimal(fee) ? '' : fee);

/** The year's records, oldest first. */
export function recordsOfYear(history: TaxHistory, { year, yearStartMonth }: Year): YearRecord[] {
  const { from, to } = taxYearRange(year, yearStartMonth);
  const records: YearRecord[] = [];
  const deals = [...history.deals].sort((a, b) => a.time - b.time || a.dealId - b.dealId);
  for (const d of deals) {
    const [stock, money] = sidesOf(d.market);
    records.push({
      kind: 'deal',
      at: d.time,
      side: d.side,
      market: d.market,
      stock,
      money,
      amount: d.amount,
      deal: d.deal,
      fee: d.fee,
      feeAsset: d.feeAsset,
      dealId: d.dealId,
      orderId: d.orderId,
    });
  }
  for (const t of history.transfers) {
    records.push({
      kind: t.kind,
      at: t.time,
      asset: t.ticker,
      amount: t.amount,
      fee: t.fee,
      key: t.key,
    });
  }
  for (const p of history.flexPayments) {
    records.push({
      kind: 'interest',
      at: p.time,
      asset: p.ticker,
      amount: p.amount,
      id: p.transactionId,
    });
  }
  for (const r of history.miningRewards) {
    // Only a reward paid to the account reached a balance, when its day was over.
    const paid = miningRewardMovement(r);
    if (!paid) continue;
    records.push({
      kind: 'mining',
      at: paid.time,
      asset: r.currency,
      amount: r.reward,
      id: `${r.account} ${utcDay(r.day)}`,
    });
  }
  for (const s of history.subAccountTransfers) {
    records.push({
      kind: 'subAccount',
      at: s.time,
      asset: s.ticker,
      amount: s.amount,
      id: s.transactionId,
      subAccountId: s.subAccountId,
      direction: s.direction,
    });
  }
  for (const c of history.converts) {
    records.push({ kind: 'convert', at: c.time, ...c });
  }
  // A stable sort: records at one instant keep the order above.
  return records.filter((r) => r.at >= from && r.at < to).sort((a, b) => a.at - b.at);
}

const dealText = (r: Extract<YearRecord, { kind: 'deal' }>) =>
  `${r.market} ${r.side} deal ${r.dealId}${r.orderId === null ? '' : ` order ${r.orderId}`}`;

/** A record's description in the tool files: what it was and the exchange's reference. */
function description(r: YearRecord): string {
  switch (r.kind) {
    case 'deal':
      return dealText(r);
    case 'deposit':
      return `deposit ${r.key}`;
    case 'withdraw':
      return `withdrawal ${r.key}`;
    case 'interest':
      return `flex interest ${r.id}`;
    case 'mining':
      return `mining reward ${r.id}`;
    case 'convert':
      return `convert ${r.id}`;
    case 'subAccount':
      return `sub-account ${r.subAccountId} ${r.id}`;
  }
}

/** One movement the tool files write: what was sent, received and paid. */
interface Flow {
  sent?: [amount: string, asset: string];
  received?: [amount: string, asset: string];
  fee?: [amount: string, asset: string];
}

/**
 * A record as sent / received / fee, as both tools read them: the fee is taken on top (a trade's
 * received amount is before its fee). A deposit the exchange took a fee from is written as what
 * came in (amount + fee) with that fee, so the balance still gains `amount`. Undefined: left out.
 */
function flowOf(r: YearRecord): Flow | undefined {
  const fee = (amount: string, asset: string): Flow['fee'] =>
    isZeroDecimal(amount) ? undefined : [amount, asset];
  switch (r.kind) {
    case 'deal':
      return r.side === 'buy'
        ? { sent: [r.deal, r.money], received: [r.amount, r.stock], fee: fee(r.fee, r.feeAsset) }
        : { sent: [r.amount, r.stock], received: [r.deal, r.money], fee: fee(r.fee, r.feeAsset) };
    case 'deposit':
      return isZeroDecimal(r.fee)
        ? { received: [r.amount, r.asset] }
        : {
            received: [exactText(new Precise(r.amount).plus(r.fee).toFixed()), r.asset],
            fee: [r.fee, r.asset],
          };
    case 'withdraw':
      return { sent: [r.amount, r.asset], fee: fee(r.fee, r.asset) };
    case 'interest':
    case 'mining':
      return { received: [r.amount, r.asset] };
    case 'convert':
      return { sent: [r.give, r.from], received: [r.receive, r.to] };
    case 'subAccount':
      return undefined;
  }
}

export interface ExportText {
  csv: string;
  /** Data rows, the header excluded. */
  rows: number;
}

const written = (header: readonly string[], rows: string[][]): ExportText => ({
  csv: toCsv(header, rows),
  rows: rows.length,
});

export const KOINLY_COLUMNS = [
  'Date',
  'Sent Amount',
  'Sent Currency',
  'Received Amount',
  'Received Currency',
  'Fee Amount',
  'Fee Currency',
  'Net Worth Amount',
  'Net Worth Currency',
  'Label',
  'Description',
  'TxHash',
] as const;

/** Koinly's tags for income. */
const KOINLY_LABEL: Partial<Record<YearRecord['kind'], string>> = {
  mining: 'mining',
  interest: 'lending interest',
};

/**
 * Koinly Universal: one row per record, dates UTC. No net worth (Koinly prices each itself) and
 * no TxHash: the history keeps no blockchain hash of its own for a transfer, and a wrong one would
 * stop Koinly matching a withdrawal with the deposit in the user's other wallet.
 */
export function koinlyCsv(history: TaxHistory, year: Year): ExportText {
  const rows: string[][] = [];
  for (const r of recordsOfYear(history, year)) {
    const flow = flowOf(r);
    if (!flow) continue;
    rows.push([
      toolDate(r.at),
      ...(flow.sent ?? ['', '']),
      ...(flow.received ?? ['', '']),
      ...(flow.fee ?? ['', '']),
      '',
      '',
      KOINLY_LABEL[r.kind] ?? '',
      description(r),
      '',
    ]);
  }
  return written(KOINLY_COLUMNS, rows);
}

export const COINTRACKING_COLUMNS = [
  'Type',
  'Buy Amount',
  'Buy Currency',
  'Sell Amount',
  'Sell Currency',
  'Fee',
  'Fee Currency',
  'Exchange',
  'Trade-Group',
  'Comment',
  'Date',
] as const;

const COINTRACKING_TYPE: Record<YearRecord['kind'], string> = {
  deal: 'Trade',
  convert: 'Trade',
  deposit: 'Deposit',
  withdraw: 'Withdrawal',
  mining: 'Mining',
  interest: 'Interest Income',
  subAccount: '',
};

/** CoinTracking's CSV import: what came in is bought, what left is sold; dates UTC. */
export function cointrackingCsv(history: TaxHistory, year: Year): ExportText {
  const rows: string[][] = [];
  for (const r of recordsOfYear(history, year)) {
    const flow = flowOf(r);
    if (!flow) continue;
    rows.push([
      COINTRACKING_TYPE[r.kind],
      ...(flow.received ?? ['', '']),
      ...(flow.sent ?? ['', '']),
      ...(flow.fee ?? ['', '']),
      EXCHANGE,
      '',
      description(r),
      toolDate(r.at),
    ]);
  }
  return written(COINTRACKING_COLUMNS, rows);
}

export const LEDGER_COLUMNS = [
  'Date (UTC)',
  'Kind',
  'Asset',
  'Amount',
  'Fee',
  'Reference',
] as const;

/**
 * The plain ledger: every record of the year as the balances saw it, one row per asset it moved,
 * the amount signed (+ came in, − left), the fee paid on the row of its asset (a fee in a third
 * asset on a row of its own, amount 0), and the exchange's reference. No valuation.
 */
export function ledgerCsv(history: TaxHistory, year: Year): ExportText {
  const rows: string[][] = [];
  for (const r of recordsOfYear(history, year)) {
    const date = isoDate(r.at);
    const row = (kind: string, asset: string, amount: string, fee: string, ref: string) =>
      rows.push([date, kind, asset, amount, feeText(fee), ref]);
    switch (r.kind) {
      case 'deal': {
        const ref = `deal ${r.dealId}`;
        const [stockAmount, moneyAmount] =
          r.side === 'buy' ? [r.amount, negated(r.deal)] : [negated(r.amount), r.deal];
        const feeOn = (asset: string) => (r.feeAsset === asset ? r.fee : '0');
        row(r.side, r.stock, stockAmount, feeOn(r.stock), ref);
        row(r.side, r.money, moneyAmount, feeOn(r.money), ref);
        if (r.feeAsset !== r.stock && r.feeAsset !== r.money && !isZeroDecimal(r.fee)) {
          row(r.side, r.feeAsset, '0', r.fee, ref);
        }
        break;
      }
      case 'deposit':
        row('deposit', r.asset, r.amount, r.fee, r.key);
        break;
      case 'withdraw':
        row('withdrawal', r.asset, negated(r.amount), r.fee, r.key);
        break;
      case 'interest':
        row('flex interest', r.asset, r.amount, '0', r.id);
        break;
      case 'mining':
        row('mining reward', r.asset, r.amount, '0', r.id);
        break;
      case 'convert':
        row('convert', r.from, negated(r.give), '0', r.id);
        row('convert', r.to, r.receive, '0', r.id);
        break;
      case 'subAccount': {
        const toSub = r.direction === 'main_to_sub';
        row(
          toSub ? 'to sub-account' : 'from sub-account',
          r.asset,
          toSub ? negated(r.amount) : r.amount,
          '0',
          `${r.id} sub-account ${r.subAccountId}`,
        );
        break;
      }
    }
  }
  return written(LEDGER_COLUMNS, rows);
}

export const REALIZED_COLUMNS = [
  'ID',
  'Asset',
  'Amount',
  'Acquired (UTC)',
  'Disposed (UTC)',
  'Proceeds',
  'Cost',
  'Fee',
  'Gain',
  'Term',
  'Source',
  'Cost Unknown',
  'Quote',
  'Note',
] as const;

/** The note of a row whose disposal no close valued. */
const UNVALUED_NOTE = 'No price that day: no close valued the disposal';

/**
 * The report's realised gains, one row per lot a disposal took, oldest disposal first: every
 * column of the row, values in `quote` written exactly (a loss a plain negative number), an
 * acquisition no lot holds (history older than the sync) left empty. A disposal no close valued
 * on its day has its proceeds, fee and gain empty (never a 0 that reads as a value) and says so
 * in the note.
 */
export function realizedCsv(realized: readonly RealizedGainRow[], quote: string): ExportText {
  const rows = [...realized]
    .sort((a, b) => a.disposedAt - b.disposedAt)
    .map((r) => [
      r.id,
      r.asset,
      exactText(r.amount),
      r.acquiredAt === null ? '' : isoDate(r.acquiredAt),
      isoDate(r.disposedAt),
      r.unvalued ? '' : exactText(r.proceeds),
      exactText(r.cost),
      r.unvalued ? '' : exactText(r.fee),
      r.unvalued ? '' : exactText(r.gain),
      r.term,
      r.source,
      r.costUnknown ? 'yes' : 'no',
      quote,
      r.unvalued ? UNVALUED_NOTE : '',
    ]);
  return written(REALIZED_COLUMNS, rows);
}

export interface TaxExportDeps {
  history: TaxHistory;
  /** The tax year's report (for the realised gains), in the export's quote. */
  report: () => Promise<TaxReport>;
  yearStartMonth: number;
  saveFile: SaveFile | undefined;
}

/** `tax.export`: the file of one format for one tax year, saved or handed to the page. */
export async function exportTax(
  { quote, year, format }: { quote: string; year: number; format: TaxExportFormat },
  deps: TaxExportDeps,
): Promise<CsvExport> {
  const span = { year, yearStartMonth: deps.yearStartMonth };
  const made =
    format === 'koinly'
      ? koinlyCsv(deps.history, span)
      : format === 'cointracking'
        ? cointrackingCsv(deps.history, span)
        : format === 'ledger'
          ? ledgerCsv(deps.history, span)
          : realizedCsv((await deps.report()).realized, quote);
  return deliverCsv(`exchange-desk-${format}-${year}.csv`, made.csv, made.rows, deps.saveFile);
}
