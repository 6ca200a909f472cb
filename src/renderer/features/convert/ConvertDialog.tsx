import { useEffect, useRef, useState } from 'react';
import Decimal from 'decimal.js';
import { convertEstimateInput } from '../../../shared/contract';
import { asDeskError } from '../../../shared/errors';
import type { ConvertDone, ConvertQuote, ConvertRecord } from '../../../shared/model';
import { Amount } from '../../components/Amount';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SelectField, TextField } from '../../components/Field';
import { DataTable, type Column } from '../../components/table/DataTable';
import { decimalColumn, timeColumn } from '../../components/table/columns';
import { formatDecimal } from '../../lib/decimal';
import { deskFieldErrors, parseForm, type FieldErrors } from '../../lib/parseForm';
import { statusOf } from '../../lib/remote';
import { useAction } from '../../lib/useAction';
import { useNow } from '../../lib/useNow';
import { confirmConvert, estimateConvert, useConvertHistory } from './convertStore';

/** An asset the dialog offers, with its display precision (the number rule). */
export interface ConvertAsset {
  ticker: string;
  places: number;
}

type Side = 'from' | 'to';

const FIELDS = ['from', 'to', 'amount', 'direction'] as const;
const SIDES = [
  { value: 'from', label: 'I give this amount' },
  { value: 'to', label: 'I receive this amount' },
] as const;
const EXPIRED = 'The quote expired: nothing was converted. Get a new quote to go on.';
const ROW_HEIGHT = 36;
const HISTORY_ROWS = 5;

/** What a confirmed convert gave and received, as a sentence. */
function doneText(done: ConvertDone, placesOf: (ticker: string, value: string) => number) {
  const give = formatDecimal(done.give, placesOf(done.from, done.give));
  const receive = formatDecimal(done.receive, placesOf(done.to, done.receive));
  return `Converted: gave ${give} ${done.from}, received ${receive} ${done.to}.`;
}

/**
 * Converts one asset of the main balance into another at a quoted rate: from, to, an amount and
 * which side it is; "Get quote" shows what would be given and received and counts down to the
 * quote's expiry; Convert confirms it once (useAction, and main marks the quote used before it is
 * sent). An expired quote (on this clock, or the exchange's CONVERT_QUOTE_EXPIRED) and a failed
 * confirm offer "New quote" with the same inputs. Below, the last converts.
 */
export function ConvertDialog({
  assets,
  from: firstFrom,
  onDone,
  clock,
}: {
  /** The assets offered (the Overview's rows), with their places. */
  assets: readonly ConvertAsset[];
  /** The asset given, chosen already. */
  from?: string;
  /** Closed; with what was converted when something was. */
  onDone(text?: string): void;
  /** Where the countdown reads the time (tests pass their own). */
  clock?: () => number;
}) {
  const tickers = assets.map((a) => a.ticker);
  const [from, setFrom] = useState(firstFrom ?? tickers[0] ?? '');
  const [to, setTo] = useState(tickers.find((t) => t !== (firstFrom ?? tickers[0])) ?? '');
  const [direction, setDirection] = useState<Side>('from');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | undefined>();
  const [quote, setQuote] = useState<ConvertQuote | undefined>();
  /** Why the quote can no longer be confirmed: the exchange said it expired, or a confirm failed. */
  const [spent, setSpent] = useState<'expired' | 'failed' | undefined>();
  const [done, setDone] = useState<ConvertDone | undefined>();
  const action = useAction();
  const intro = useRef<HTMLParagraphElement>(null);
  // The button was disabled while a request was out, which took the focus: it goes back to the
  // dialog's main button (Convert, New quote), so a keyboard user stays in the dialog.
  useEffect(() => {
    if (action.busy || document.activeElement !== document.body) return;
    intro.current
      ?.closest('[role="dialog"]')
      ?.querySelector<HTMLButtonElement>('.actions .btn-primary')
      ?.focus();
  }, [action.busy]);
  const ticked = useNow(1000, clock);
  /** When the quote came: the countdown never reads a tick older than that. */
  const [quotedAt, setQuotedAt] = useState(0);
  const now = Math.max(ticked, quotedAt);
  const history = useConvertHistory();
  const loadHistory = useConvertHistory((s) => s.load);
  useEffect(() => {
    void loadHistory();
  }, [loadHistory]);

  const places = new Map(assets.map((a) => [a.ticker, a.places]));
  /** An asset's places; one this account does not list is written exactly. */
  const placesOf = (ticker: string, value: string) =>
    places.get(ticker) ?? new Decimal(value).decimalPlaces();
  const input = { from, to, direction, amount: amount.trim() };
  const left = quote ? Math.ceil((quote.expireAt - now) / 1000) : 0;
  const expired = quote !== undefined && (spent === 'expired' || left <= 0);
  /** Confirming it again would not convert: the button gets a new quote instead. */
  const stale = expired || spent === 'failed';
  const options = tickers.map((t) => ({ value: t, label: t }));

  /** Any change of the inputs drops the quote: it was for the old ones. */
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setErrors({});
      setError(undefined);
      setQuote(undefined);
      setSpent(undefined);
    };

  const getQuote = () => {
    if (action.running()) return;
    setError(undefined);
    const parsed = parseForm(convertEstimateInput, input);
    if (!parsed.ok) {
      setErrors(parsed.fields);
      return;
    }
    setErrors({});
    return action.run(async () => {
      try {
        const next = await estimateConvert(parsed.data);
        setQuotedAt((clock ?? Date.now)());
        setQuote(next);
        setSpent(undefined);
      } catch (failure) {
        const refusal = deskFieldErrors(asDeskError(failure), FIELDS);
        setQuote(undefined);
        setErrors(refusal.fields);
        setError(refusal.rest);
      }
    });
  };

  const confirm = (id: string) =>
    action.run(async () => {
      setError(undefined);
      try {
        setDone(await confirmConvert(id));
      } catch (failure) {
        const refusal = asDeskError(failure);
        if (refusal.code === 'CONVERT_QUOTE_EXPIRED') {
          setSpent('expired');
        } else {
          setSpent('failed');
          setError(refusal.message);
        }
      }
    });

  /** An amount of a record, at the places of its asset (the rate: of `to`, as a market's price). */
  const amountColumn = (
    id: 'give' | 'receive' | 'rate',
    header: string,
    ticker: (r: ConvertRecord) => string,
    market = false,
  ) =>
    decimalColumn<ConvertRecord>(
      id,
      header,
      'minmax(120px, 1fr)',
      (r) => r[id],
      (r) => (
        <Amount
          value={r[id]}
          places={placesOf(ticker(r), r[id])}
          {...(market ? { market } : { unit: ticker(r) })}
        />
      ),
    );
  const columns: Column<ConvertRecord>[] = [
    timeColumn((r) => r.date, { header: 'Date' }),
    amountColumn('give', 'Given', (r) => r.from),
    amountColumn('receive', 'Received', (r) => r.to),
    amountColumn('rate', 'Rate', (r) => r.to, true),
  ];
  const records = history.data?.records ?? [];
  const historyTable = (
    <section className="convert-history" aria-labelledby="convert-history-title">
      <h3 id="convert-history-title">Last converts</h3>
      <DataTable
        label="Last converts"
        rows={records}
        columns={columns}
        rowKey={(r) => r.id}
        rowTestId="convert-row"
        status={statusOf(history)}
        error={history.error}
        onRetry={() => void loadHistory()}
        rowHeight={ROW_HEIGHT}
        height={Math.min(Math.max(records.length, 1), HISTORY_ROWS) * ROW_HEIGHT}
        empty="No converts yet."
      />
    </section>
  );

  if (done) {
    return (
      <ConfirmDialog
        key="done"
        title="Converted"
        wide
        cancelLabel="Close"
        onCancel={() => onDone(doneText(done, placesOf))}
      >
        <p role="status" data-testid="convert-done">
          {doneText(done, placesOf)}
        </p>
        {historyTable}
      </ConfirmDialog>
    );
  }

  const label = action.busy
    ? quote && !stale
      ? 'Converting…'
      : 'Getting a quote…'
    : !quote
      ? 'Get quote'
      : stale
        ? 'New quote'
        : 'Convert';
  return (
    <ConfirmDialog
      title="Convert"
      tone="primary"
      wide
      confirmLabel={label}
      busy={action.busy}
      error={error}
      onConfirm={() => void (quote && !stale ? confirm(quote.id) : getQuote())}
      onCancel={() => onDone()}
    >
      <p className="muted" ref={intro}>
        Converts from your main balance at the exchange’s quoted rate. A quote holds for a few
        seconds.
      </p>
      <div className="convert-fields">
        <SelectField
          id="convert-from"
          label="From"
          value={from}
          options={options}
          error={errors.from}
          onChange={edit(setFrom)}
        />
        <SelectField
          id="convert-to"
          label="To"
          value={to}
          options={options}
          error={errors.to}
          onChange={edit(setTo)}
        />
        <SelectField<Side>
          id="convert-direction"
          label="The amount is"
          value={direction}
          options={SIDES}
          error={errors.direction}
          onChange={edit(setDirection)}
        />
        <TextField
          id="convert-amount"
          label={`Amount (${direction === 'from' ? from : to})`}
          value={amount}
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount}
          onChange={edit(setAmount)}
        />
      </div>
      {quote ? (
        <div className="convert-quote" data-testid="convert-quote">
          <dl>
            <dt>You give</dt>
            <dd>
              <Amount
                value={quote.give}
                places={placesOf(quote.from, quote.give)}
                unit={quote.from}
              />
            </dd>
            <dt>You receive</dt>
            <dd>
              <Amount
                value={quote.receive}
                places={placesOf(quote.to, quote.receive)}
                unit={quote.to}
              />
            </dd>
            <dt>Rate</dt>
            <dd>
              1 {quote.from} ={' '}
              <Amount
                value={quote.rate}
                places={placesOf(quote.to, quote.rate)}
                unit={quote.to}
                market
              />
            </dd>
          </dl>
          {expired ? (
            <p className="form-alert" role="alert" data-testid="convert-expired">
              {EXPIRED}
            </p>
          ) : stale ? null : (
            <p className="convert-countdown" data-testid="convert-countdown">
              Expires in {left} s
            </p>
          )}
        </div>
      ) : null}
      {historyTable}
    </ConfirmDialog>
  );
}
