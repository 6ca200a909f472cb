import { useEffect, useState } from 'react';
import { asDeskError } from '../../../shared/errors';
import type {
  SubAccount,
  SubAccountBalance,
  SubAccountTransfer,
  SubTransferDirection,
} from '../../../shared/model';
import { Amount } from '../../components/Amount';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataAge } from '../../components/DataAge';
import { SelectField, TextField } from '../../components/Field';
import { DataTable, type Column } from '../../components/table/DataTable';
import {
  decimalColumn,
  textColumn,
  tickerColumn,
  timeColumn,
} from '../../components/table/columns';
import { statusOf } from '../../lib/remote';
import { sendSubTransfer, useSubBalancesStore, useSubTransfersStore } from './subAccountFundsStore';
import { useSubAccountsStore } from './subAccountsStore';

/**
 * One sub-account's money: what it holds (main and trade), a transfer between the main account and
 * it (confirmed, sent once: main refuses a second while one is in flight and reconciles a lost
 * answer), and the transfers so far. Amounts at the asset's places, the exact value on hover.
 */

/** The exchange moves at most 8 decimals: the places of an asset the public list does not give. */
const MOVE_PLACES = 8;

const DIRECTIONS: readonly { value: SubTransferDirection; label: string }[] = [
  { value: 'main_to_sub', label: 'Main account → sub-account' },
  { value: 'sub_to_main', label: 'Sub-account → main account' },
];

const directionWords = (d: SubTransferDirection) =>
  d === 'main_to_sub' ? 'To sub-account' : 'To main';

const ROW_HEIGHT = 40;
const NONE: readonly SubAccount[] = [];

/** Shown below the sub-accounts list once it has sub-accounts (and the key may see them). */
export function SubAccountFunds() {
  const subs = useSubAccountsStore((s) => s.data?.records) ?? NONE;
  const [id, setId] = useState(subs[0]?.id ?? '');
  const balances = useSubBalancesStore();
  const transfers = useSubTransfersStore();
  const loadBalances = useSubBalancesStore((s) => s.load);
  const loadTransfers = useSubTransfersStore((s) => s.load);
  const [direction, setDirection] = useState<SubTransferDirection>('main_to_sub');
  const [ticker, setTicker] = useState('USDT');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | undefined>();

  const chosen = subs.find((s) => s.id === id) ?? subs[0];
  useEffect(() => {
    if (!chosen) return;
    void loadBalances(chosen.id);
    void loadTransfers(chosen.id);
  }, [chosen, loadBalances, loadTransfers]);

  if (!chosen) return null;
  const precisions = balances.data?.id === chosen.id ? balances.data.precisions : {};
  const placesOf = (t: string) => precisions[t] ?? MOVE_PLACES;
  const held = balances.data?.id === chosen.id ? balances.data.balances : [];
  const history = transfers.data?.id === chosen.id ? transfers.data.records : [];
  const tickers = Object.keys(precisions).sort();

  const balanceColumns: Column<SubAccountBalance>[] = [
    tickerColumn('ticker', 'Asset', 'minmax(80px, 1fr)', (b) => b.ticker),
    decimalColumn(
      'main',
      'Main',
      'minmax(120px, 1fr)',
      (b) => b.main,
      (b) => <Amount value={b.main} places={placesOf(b.ticker)} />,
    ),
    decimalColumn(
      'trade',
      'Trade',
      'minmax(120px, 1fr)',
      (b) => b.trade,
      (b) => <Amount value={b.trade} places={placesOf(b.ticker)} />,
    ),
  ];
  const historyColumns: Column<SubAccountTransfer>[] = [
    timeColumn((t) => t.createdAt),
    textColumn('direction', 'Direction', 'minmax(120px, 1fr)', (t) => directionWords(t.direction)),
    tickerColumn('asset', 'Asset', '64px', (t) => t.ticker),
    decimalColumn(
      'amount',
      'Amount',
      'minmax(100px, 1fr)',
      (t) => t.amount,
      (t) => <Amount value={t.amount} places={placesOf(t.ticker)} />,
    ),
  ];

  const ask = () => {
    setNotice(undefined);
    const trimmed = amount.trim();
    if (!/^\d+(\.\d+)?$/.test(trimmed) || /^0*(\.0*)?$/.test(trimmed)) {
      setErrors({ amount: 'Enter an amount above 0, e.g. 0.5.' });
      return;
    }
    setErrors({});
    setAsking(true);
  };

  const send = async () => {
    setBusy(true);
    try {
      const outcome = await sendSubTransfer({
        id: chosen.id,
        direction,
        ticker,
        amount: amount.trim(),
      });
      setNotice(
        outcome.outcome === 'moved'
          ? `Moved ${outcome.amount} ${outcome.ticker} ${direction === 'main_to_sub' ? `to ${chosen.alias}` : `from ${chosen.alias}`}.`
          : outcome.check,
      );
      if (outcome.outcome === 'moved') setAmount('');
    } catch (error) {
      const e = asDeskError(error);
      setErrors({
        amount: e.fields?.['amount']?.[0] ?? e.fields?.['id']?.[0] ?? e.message,
        ticker: e.fields?.['ticker']?.[0],
      });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  return (
    <section className="card sub-account-funds" aria-labelledby="sub-funds-title">
      <div className="section-head">
        <h2 id="sub-funds-title">Sub-account balances and transfers</h2>
        <div className="head-actions">
          <DataAge fetchedAt={balances.data?.fetchedAt} loading={balances.loading} />
        </div>
      </div>
      <SelectField
        id="sub-funds-account"
        label="Sub-account"
        value={chosen.id}
        options={subs.map((s) => ({ value: s.id, label: s.alias }))}
        onChange={(value) => {
          setId(value);
          setNotice(undefined);
          setErrors({});
        }}
      />
      <DataTable
        label={`Balances of ${chosen.alias}`}
        rows={held}
        columns={balanceColumns}
        rowKey={(b) => b.ticker}
        rowTestId="sub-balance-row"
        status={statusOf(balances)}
        error={balances.error}
        onRetry={() => void loadBalances(chosen.id)}
        rowHeight={ROW_HEIGHT}
        height={Math.min(Math.max(held.length, 1), 6) * ROW_HEIGHT}
        empty="This sub-account holds nothing."
      />
      <form
        className="sub-transfer-form"
        aria-label={`Transfer with ${chosen.alias}`}
        onSubmit={(e) => {
          e.preventDefault();
          ask();
        }}
      >
        <SelectField<SubTransferDirection>
          id="sub-transfer-direction"
          label="Direction"
          value={direction}
          options={DIRECTIONS}
          onChange={setDirection}
        />
        <SelectField
          id="sub-transfer-asset"
          label="Asset"
          value={ticker}
          options={(tickers.length ? tickers : [ticker]).map((t) => ({ value: t, label: t }))}
          onChange={setTicker}
          error={errors['ticker']}
        />
        <TextField
          id="sub-transfer-amount"
          label={`Amount (${ticker})`}
          value={amount}
          onChange={setAmount}
          inputMode="decimal"
          autoComplete="off"
          error={errors['amount']}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Transferring…' : 'Transfer'}
        </button>
      </form>
      {notice ? (
        <p className="form-notice" role="status">
          {notice}
        </p>
      ) : null}
      <h3 className="sub-funds-history-title">Transfers</h3>
      <DataTable
        label={`Transfers of ${chosen.alias}`}
        rows={history}
        columns={historyColumns}
        rowKey={(t) => t.transactionId}
        rowTestId="sub-transfer-row"
        status={statusOf(transfers)}
        error={transfers.error}
        onRetry={() => void loadTransfers(chosen.id)}
        rowHeight={ROW_HEIGHT}
        height={Math.min(Math.max(history.length, 1), 6) * ROW_HEIGHT}
        empty="No transfers with this sub-account yet."
      />
      {asking ? (
        <ConfirmDialog
          title="Send this transfer?"
          confirmLabel={busy ? 'Transferring…' : 'Transfer'}
          busy={busy}
          onConfirm={() => void send()}
          onCancel={() => setAsking(false)}
        >
          <p>
            {`${amount.trim()} ${ticker} ${direction === 'main_to_sub' ? `from the main account to ${chosen.alias}` : `from ${chosen.alias} to the main account`}.`}
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
