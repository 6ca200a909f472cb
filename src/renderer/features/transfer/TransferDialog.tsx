import { useEffect, useState } from 'react';
import Decimal from 'decimal.js';
import { balanceMoveInput } from '../../../shared/contract';
import { asDeskError } from '../../../shared/errors';
import type { BalanceMove, BalanceSide } from '../../../shared/model';
import { Amount } from '../../components/Amount';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SelectField, TextField } from '../../components/Field';
import { formatDecimal } from '../../lib/decimal';
import { deskFieldErrors, parseForm, type FieldErrors } from '../../lib/parseForm';
import { useAction } from '../../lib/useAction';
import { moveBalance, useBalancePair } from './transferStore';

/** What the dialog opens with: an asset, a direction and an amount may be chosen already. */
export interface TransferRequest {
  ticker: string;
  from?: BalanceSide;
  amount?: string;
  /** Opened from an offer: straight to the confirmation. */
  confirm?: boolean;
  /** The places to write the asset at on a market screen (the market's: the number rule). */
  places?: number;
}

/** What was sent and its sentence. */
export interface TransferOutcome {
  move: BalanceMove;
  text: string;
}

const FIELDS = ['ticker', 'amount', 'to'] as const;
const SIDE_NAME: Record<BalanceSide, string> = { main: 'main', trade: 'trade' };
const DIRECTIONS = [
  { value: 'main', label: 'Main → trade' },
  { value: 'trade', label: 'Trade → main' },
] as const;
const other = (side: BalanceSide): BalanceSide => (side === 'main' ? 'trade' : 'main');

/** The outcome as a sentence: what moved, or what to check. */
function outcomeText(move: BalanceMove, places: number): string {
  const what = `${formatDecimal(move.amount, places)} ${move.ticker}`;
  if (move.outcome === 'unknown') return move.check;
  const route = `from ${SIDE_NAME[move.from]} to ${SIDE_NAME[move.to]}`;
  return move.reconciled
    ? `Moved ${what} ${route} (the answer was lost; the balances show it moved).`
    : `Moved ${what} ${route}.`;
}

/**
 * Moves an asset between the main balance (where deposits land) and the trade balance (what orders
 * spend): asset, direction, amount (Max: the source balance), then a confirmation. The amount is
 * written at the asset's places; each refusal sits under its field; Move is sent once (useAction,
 * and main's own one-at-a-time guard).
 */
export function TransferDialog({
  request,
  assets,
  onDone,
}: {
  request: TransferRequest;
  /** The assets offered (the Overview's rows); the requested one is always among them. */
  assets: readonly string[];
  /** Closed; with the outcome's sentence when something was sent. */
  onDone(outcome?: TransferOutcome): void;
}) {
  const [ticker, setTicker] = useState(request.ticker);
  const [from, setFrom] = useState<BalanceSide>(request.from ?? 'main');
  const [amount, setAmount] = useState(request.amount ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | undefined>();
  const [reviewing, setReviewing] = useState(request.confirm === true);
  const action = useAction();
  const pair = useBalancePair((s) => (s.query === ticker ? s.data : undefined));
  const load = useBalancePair((s) => s.load);
  useEffect(() => {
    void load(ticker);
  }, [load, ticker]);

  const to = other(from);
  const places = request.places ?? pair?.places ?? 8;
  const source = pair ? (from === 'main' ? pair.main : pair.trade) : undefined;
  const input = { ticker, amount: amount.trim(), from, to };
  const options = [...new Set([request.ticker, ...assets])].map((t) => ({ value: t, label: t }));

  const check = (): boolean => {
    setError(undefined);
    const parsed = parseForm(balanceMoveInput, input);
    const fields: FieldErrors = parsed.ok ? {} : parsed.fields;
    if (parsed.ok && source !== undefined && new Decimal(parsed.data.amount).gt(source)) {
      fields.amount = `More than the ${SIDE_NAME[from]} balance holds: ${formatDecimal(source, places)} ${ticker} available.`;
    }
    setErrors(fields);
    return Object.keys(fields).length === 0;
  };

  const send = () =>
    action.run(async () => {
      setError(undefined);
      try {
        const move = await moveBalance(input);
        onDone({ move, text: outcomeText(move, places) });
      } catch (failure) {
        const refusal = deskFieldErrors(asDeskError(failure), FIELDS);
        setErrors(refusal.fields);
        setError(refusal.rest);
        if (Object.keys(refusal.fields).length > 0) setReviewing(false);
      }
    });

  if (reviewing) {
    return (
      <ConfirmDialog
        title="Move between balances?"
        tone="primary"
        confirmLabel={action.busy ? 'Moving…' : 'Move'}
        cancelLabel="Back"
        busy={action.busy}
        error={error}
        onConfirm={() => void send()}
        onCancel={() => (request.confirm ? onDone() : setReviewing(false))}
      >
        <p data-testid="transfer-summary">
          Move <Amount value={input.amount} places={places} unit={ticker} /> from the{' '}
          {SIDE_NAME[from]} balance to the {SIDE_NAME[to]} balance.
        </p>
        <p className="muted">
          A move between your own balances is not a trade: no fee, and your net worth stays the
          same.
        </p>
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog
      title="Transfer between balances"
      tone="primary"
      confirmLabel="Review"
      error={error}
      onConfirm={() => {
        if (check()) setReviewing(true);
      }}
      onCancel={() => onDone()}
    >
      <SelectField
        id="transfer-ticker"
        label="Asset"
        value={ticker}
        options={options}
        error={errors.ticker}
        onChange={(t) => {
          setTicker(t);
          setErrors({});
        }}
      />
      <SelectField
        id="transfer-direction"
        label="Direction"
        value={from}
        options={DIRECTIONS}
        error={errors.to}
        onChange={(f) => {
          setFrom(f);
          setErrors({});
        }}
      />
      <div className="transfer-amount">
        <TextField
          id="transfer-amount"
          label={`Amount (${ticker})`}
          value={amount}
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount}
          onChange={setAmount}
          hint={
            source !== undefined ? (
              <>
                {SIDE_NAME[from] === 'main' ? 'Main' : 'Trade'} balance:{' '}
                <Amount value={source} places={places} unit={ticker} />
              </>
            ) : (
              'Reading the balance…'
            )
          }
        />
        <button
          type="button"
          className="btn btn-secondary btn-small"
          disabled={source === undefined}
          onClick={() => source !== undefined && setAmount(new Decimal(source).toFixed())}
        >
          Max
        </button>
      </div>
    </ConfirmDialog>
  );
}
