import Decimal from 'decimal.js';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import type { ChannelInput } from '../../../shared/contract';
import { asDeskError, type DeskError } from '../../../shared/errors';
import type { PlacementOutcome, TradeContext } from '../../../shared/model';
import { Amount } from '../../components/Amount';
import { formatDecimal, formatPrice } from '../../lib/decimal';
import { getDesk } from '../../lib/desk';
import { ConfirmDialog } from '../accounts/ConfirmDialog';
import { TextField } from '../accounts/Field';
import { useOrdersStore } from '../orders/ordersStore';
import { useShellStore } from '../shell/shellStore';
import {
  NUMERIC,
  amountUnit,
  plain,
  validate,
  type FormErrors,
  type FormField,
  type OrderFormValues,
  type Stp,
} from './checks';
import { preview, type OrderKind, type Preview } from './preview';
import { PreviewPanel } from './PreviewPanel';

const KINDS: { id: OrderKind; label: (stock: string, money: string) => string }[] = [
  { id: 'stock_market', label: (stock) => `Market (amount in ${stock})` },
  { id: 'market', label: (_stock, money) => `Market buy (spend ${money})` },
  { id: 'limit', label: () => 'Limit' },
];

export const STP_OPTIONS: { value: Stp; label: string }[] = [
  { value: 'no', label: 'No' },
  { value: 'cancel_both', label: 'Cancel both' },
  { value: 'cancel_new', label: 'Cancel new' },
  { value: 'cancel_old', label: 'Cancel old' },
];

/** Exchange (and bridge) field names -> the form's fields. */
const SERVER_FIELDS: Record<string, FormField> = {
  amount: 'amount',
  total: 'amount',
  balance: 'amount',
  price: 'price',
  market: 'market',
  side: 'side',
  client_order_id: 'clientOrderId',
  clientOrderId: 'clientOrderId',
  stp: 'stp',
  postOnly: 'postOnly',
  post_only: 'postOnly',
  ioc: 'postOnly',
};

/** A DeskError of a refused order as field messages; what matches no field goes to `rest`. */
export function serverErrors(error: DeskError): { fields: FormErrors; rest: string | undefined } {
  const fields: FormErrors = {};
  const unmatched: string[] = [];
  for (const [name, messages] of Object.entries(error.fields ?? {})) {
    const field = SERVER_FIELDS[name];
    const first = messages[0];
    if (!first) continue;
    if (field && fields[field] === undefined) fields[field] = first;
    else if (!field) unmatched.push(first);
  }
  const matched = Object.keys(fields).length > 0;
  const rest = unmatched.length ? unmatched.join(' ') : matched ? undefined : error.message;
  return { fields, rest };
}

const FIELD_IDS: Partial<Record<FormField, string>> = {
  market: 'trade-market',
  amount: 'trade-amount',
  price: 'trade-price',
  clientOrderId: 'trade-cid',
  stp: 'trade-stp',
  postOnly: 'trade-post-only',
};
const FIELD_ORDER: FormField[] = [
  'market',
  'side',
  'amount',
  'price',
  'postOnly',
  'stp',
  'clientOrderId',
];

function focusFirst(errors: FormErrors): void {
  const first = FIELD_ORDER.find((f) => errors[f]);
  const id = first ? FIELD_IDS[first] : undefined;
  if (id) document.getElementById(id)?.focus();
}

const EMPTY: OrderFormValues = {
  kind: 'stock_market',
  side: 'buy',
  amount: '',
  price: '',
  clientOrderId: '',
  stp: 'no',
  postOnly: false,
  ioc: false,
};

/** The order as the contract takes it. */
export function toPlaceInput(form: OrderFormValues, market: string): ChannelInput<'orders.place'> {
  const cid = form.clientOrderId.trim();
  return {
    kind: form.kind,
    market,
    side: form.kind === 'market' ? 'buy' : form.side,
    amount: form.amount.trim(),
    ...(form.kind === 'limit' ? { price: form.price.trim() } : {}),
    ...(cid ? { clientOrderId: cid } : {}),
    ...(form.stp !== 'no' ? { stp: form.stp } : {}),
    ...(form.kind === 'limit' && form.postOnly ? { postOnly: true } : {}),
    ...(form.kind === 'limit' && form.ioc ? { ioc: true } : {}),
  };
}

/** What the user reviews and confirms: the form and its estimate, frozen at "Review order". */
interface Review {
  form: OrderFormValues;
  estimate: Preview;
  context: TradeContext;
}

type Outcome =
  | { kind: 'placed'; outcome: Extract<PlacementOutcome, { outcome: 'placed' }>; review: Review }
  | { kind: 'unknown'; outcome: Extract<PlacementOutcome, { outcome: 'unknown' }> };

const scale = (value: string, max: number): number =>
  Math.min(max, Math.max(0, new Decimal(value).decimalPlaces()));

interface OrderFormProps {
  context: TradeContext;
  /** Reloads book and balances (after an order). */
  onPlaced(): void;
  /** A message for the market picker (a paused market, the exchange's code 31). */
  onMarketError(message: string | undefined): void;
}

/** The order form: type, side, amount with its unit, limit options, preview, review, outcome. */
export function OrderForm({ context, onPlaced, onMarketError }: OrderFormProps) {
  const { market } = context;
  const [form, setForm] = useState<OrderFormValues>(EMPTY);
  const [errors, setErrors] = useState<FormErrors>({});
  const [alert, setAlert] = useState<string | undefined>(undefined);
  const [review, setReview] = useState<Review | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | undefined>(undefined);
  // Set synchronously on the first confirm, so a second click or Enter in the same tick is ignored.
  const inFlight = useRef(false);

  const unit = amountUnit(form.kind, market);
  const canPreview =
    NUMERIC.test(form.amount.trim()) &&
    new Decimal(form.amount.trim()).gt(0) &&
    (form.kind !== 'limit' ||
      (NUMERIC.test(form.price.trim()) && new Decimal(form.price.trim()).gt(0)));
  const estimate = useMemo(
    () =>
      canPreview
        ? preview(
            {
              kind: form.kind,
              side: form.kind === 'market' ? 'buy' : form.side,
              amount: form.amount.trim(),
              price: form.price.trim(),
            },
            context,
          )
        : undefined,
    [canPreview, form.kind, form.side, form.amount, form.price, context],
  );

  const update = (patch: Partial<OrderFormValues>, field?: FormField) => {
    setForm((f) => ({ ...f, ...patch }));
    if (field && errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Enter while the dialog is open or an order is in flight does nothing.
    if (inFlight.current || review || busy) return;
    setAlert(undefined);
    setOutcome(undefined);
    const found = validate(form, context);
    setErrors(found);
    onMarketError(found.market);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    if (!estimate) return;
    setReview({ form, estimate, context });
  };

  const confirm = async () => {
    if (!review || inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const result = await getDesk().orders.place(toPlaceInput(review.form, market.name));
      setReview(undefined);
      if (result.outcome === 'placed') {
        setOutcome({ kind: 'placed', outcome: result, review });
        setForm((f) => ({ ...f, amount: '', clientOrderId: '' }));
        setErrors({});
      } else {
        setOutcome({ kind: 'unknown', outcome: result });
      }
      // Balances and orders changed (or may have): reload them.
      onPlaced();
      useOrdersStore.getState().reset();
    } catch (raw) {
      setReview(undefined);
      const { fields, rest } = serverErrors(asDeskError(raw));
      setErrors(fields);
      onMarketError(fields.market);
      setAlert(
        rest ??
          'The exchange refused the order: see the message under the field. Nothing was placed.',
      );
      focusFirst(fields);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const errorOf = (field: FormField) => errors[field];
  const kindLabel = (k: OrderKind) =>
    KINDS.find((x) => x.id === k)!.label(market.stock, market.money);

  return (
    <>
      <form className="card trade-form" onSubmit={onSubmit} noValidate aria-label="Order">
        <fieldset className="trade-segment">
          <legend>Order type</legend>
          {KINDS.map((k) => (
            <label key={k.id} className={form.kind === k.id ? 'seg active' : 'seg'}>
              <input
                type="radio"
                name="trade-kind"
                value={k.id}
                checked={form.kind === k.id}
                onChange={() =>
                  update(
                    { kind: k.id, ...(k.id === 'market' ? { side: 'buy' as const } : {}) },
                    'amount',
                  )
                }
              />
              {kindLabel(k.id)}
            </label>
          ))}
        </fieldset>

        <fieldset
          className="trade-segment trade-sides"
          aria-describedby={errorOf('side') ? 'trade-side-error' : undefined}
        >
          <legend>Side</legend>
          {(['buy', 'sell'] as const).map((side) => (
            <label
              key={side}
              className={`seg seg-${side} ${form.side === side ? 'active' : ''}`}
              title={
                side === 'sell' && form.kind === 'market'
                  ? `A spend order is a buy; to sell, use Market (amount in ${market.stock}).`
                  : undefined
              }
            >
              <input
                type="radio"
                name="trade-side"
                value={side}
                checked={form.side === side}
                disabled={side === 'sell' && form.kind === 'market'}
                onChange={() => update({ side }, 'side')}
              />
              {side === 'buy' ? `Buy ${market.stock}` : `Sell ${market.stock}`}
            </label>
          ))}
          {errorOf('side') ? (
            <p className="field-error" id="trade-side-error">
              {errorOf('side')}
            </p>
          ) : null}
        </fieldset>

        <div className="trade-unit" data-unit={unit}>
          <TextField
            id="trade-amount"
            label={form.kind === 'market' ? `Amount to spend (${unit})` : `Amount (${unit})`}
            value={form.amount}
            onChange={(amount) => update({ amount }, 'amount')}
            error={errorOf('amount')}
            inputMode="decimal"
            autoComplete="off"
            hint={
              form.kind === 'market'
                ? `In ${market.money}, fee included · minimum total ${plain(market.minTotal)} ${market.money}`
                : `In ${market.stock} · min ${plain(market.minAmount)} ${market.stock} · step ${plain(new Decimal(1).div(new Decimal(10).pow(market.stockPrec)))}`
            }
          />
        </div>

        {form.kind === 'limit' ? (
          <>
            <div className="trade-unit" data-unit={market.money}>
              <TextField
                id="trade-price"
                label={`Limit price (${market.money} per ${market.stock})`}
                value={form.price}
                onChange={(price) => update({ price }, 'price')}
                error={errorOf('price')}
                inputMode="decimal"
                autoComplete="off"
                hint={`Up to ${market.moneyPrec} decimals`}
              />
            </div>
            <fieldset
              className="trade-options-row"
              aria-describedby={errorOf('postOnly') ? 'trade-post-only-error' : undefined}
            >
              <legend>Execution</legend>
              <label className="check">
                <input
                  id="trade-post-only"
                  type="checkbox"
                  checked={form.postOnly}
                  aria-invalid={errorOf('postOnly') ? true : undefined}
                  aria-describedby={errorOf('postOnly') ? 'trade-post-only-error' : undefined}
                  onChange={(e) => update({ postOnly: e.target.checked }, 'postOnly')}
                />
                Post-only (never fills at once)
              </label>
              <label className="check">
                <input
                  type="checkbox"
                  checked={form.ioc}
                  onChange={(e) => update({ ioc: e.target.checked }, 'postOnly')}
                />
                Immediate or cancel
              </label>
              {errorOf('postOnly') ? (
                <p className="field-error" id="trade-post-only-error">
                  {errorOf('postOnly')}
                </p>
              ) : null}
            </fieldset>
          </>
        ) : null}

        <div className="trade-row">
          <div className="field">
            <label htmlFor="trade-stp">Self-trade prevention</label>
            <select
              id="trade-stp"
              value={form.stp}
              aria-invalid={errorOf('stp') ? true : undefined}
              aria-describedby={errorOf('stp') ? 'trade-stp-error' : undefined}
              onChange={(e) => update({ stp: e.target.value as Stp }, 'stp')}
            >
              {STP_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            {errorOf('stp') ? (
              <p className="field-error" id="trade-stp-error">
                {errorOf('stp')}
              </p>
            ) : null}
          </div>
          <TextField
            id="trade-cid"
            label="Client order id (optional)"
            value={form.clientOrderId}
            onChange={(clientOrderId) => update({ clientOrderId }, 'clientOrderId')}
            error={errorOf('clientOrderId')}
            autoComplete="off"
            spellCheck={false}
            hint="Letters, digits, -, . and _"
          />
        </div>

        {alert ? (
          <p className="form-alert" role="alert" data-testid="trade-alert">
            {alert}
          </p>
        ) : null}

        <div className="actions">
          <button
            type="submit"
            className={`btn btn-primary trade-submit trade-submit-${form.kind === 'market' ? 'buy' : form.side}`}
            disabled={busy || review !== undefined}
          >
            Review order
          </button>
        </div>

        {outcome ? <OutcomeNotice outcome={outcome} context={context} /> : null}
      </form>

      <PreviewPanel form={form} context={context} estimate={estimate} />

      {review ? (
        <ConfirmDialog
          title={reviewTitle(review)}
          confirmLabel={busy ? 'Sending…' : 'Confirm order'}
          tone="primary"
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setReview(undefined)}
        >
          <ReviewSummary review={review} />
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/** "Buy 0.01 BTC on BTC / USDT?", "Spend 100 USDT on BTC / USDT?" */
export function reviewTitle({ form, context: { market } }: Review): string {
  const pair = `${market.stock} / ${market.money}`;
  if (form.kind === 'market')
    return `Spend ${plain(form.amount.trim())} ${market.money} on ${pair}?`;
  const verb = form.side === 'buy' ? 'Buy' : 'Sell';
  return `${verb} ${plain(form.amount.trim())} ${market.stock} on ${pair}?`;
}

function ReviewSummary({ review }: { review: Review }) {
  const { form, estimate, context } = review;
  const { market } = context;
  const m = market.money;
  const s = market.stock;
  const side = form.kind === 'market' ? 'buy' : form.side;
  const sideText = side === 'buy' ? 'Buy' : 'Sell';
  const kindText =
    form.kind === 'limit'
      ? 'Limit order'
      : form.kind === 'market'
        ? `Market buy, spending ${m}`
        : 'Market order';
  const fmt = (v: string) => formatDecimal(v, market.moneyPrec);
  let total: string;
  if (form.kind === 'market') {
    total = `${plain(form.amount.trim())} ${m} spent, fee ≈\u00a0${fmt(estimate.fee)} ${m} included; you get ≈\u00a0${plain(estimate.stock)} ${s}`;
  } else if (form.kind === 'limit') {
    total = `${side === 'buy' ? 'Pay' : 'Receive'} ${fmt(estimate.limitTotal ?? '0')} ${m} at your price, fee ≈\u00a0${fmt(estimate.restingFee ?? '0')} ${m} if it rests`;
  } else if (side === 'buy') {
    total = `≈\u00a0${fmt(estimate.total)} ${m} to pay, fee ≈\u00a0${fmt(estimate.fee)} ${m} included`;
  } else {
    total = `≈\u00a0${fmt(estimate.total)} ${m} to receive, after a fee of ≈\u00a0${fmt(estimate.fee)} ${m}`;
  }
  const options = [
    form.kind === 'limit' && form.postOnly ? 'Post-only' : undefined,
    form.kind === 'limit' && form.ioc ? 'Immediate or cancel' : undefined,
    form.stp !== 'no'
      ? `Self-trade prevention: ${STP_OPTIONS.find((o) => o.value === form.stp)?.label}`
      : undefined,
    form.clientOrderId.trim() ? `Client order id ${form.clientOrderId.trim()}` : undefined,
  ].filter(Boolean);
  return (
    <dl className="trade-review" data-testid="trade-review">
      <dt>Side</dt>
      <dd className={`side side-${side}`}>
        {sideText} <span className="muted">({kindText})</span>
      </dd>
      <dt>Amount</dt>
      <dd>
        {plain(form.amount.trim())} {form.kind === 'market' ? m : s}
      </dd>
      {form.kind === 'limit' ? (
        <>
          <dt>Price</dt>
          <dd>
            {plain(form.price.trim())} {m}
          </dd>
        </>
      ) : estimate.avgPrice ? (
        <>
          <dt>Average price</dt>
          <dd>
            ≈&nbsp;{formatPrice(estimate.avgPrice, market.moneyPrec)} {m}
          </dd>
        </>
      ) : null}
      <dt>Estimated total</dt>
      <dd data-testid="trade-review-total">{total}</dd>
      {options.length ? (
        <>
          <dt>Options</dt>
          <dd>{options.join(' · ')}</dd>
        </>
      ) : null}
      {estimate.notEnoughDepth ? (
        <dd className="trade-warn">The order book cannot fill all of it right now.</dd>
      ) : null}
      {estimate.slippageWarning ? (
        <dd className="trade-warn">
          Slippage ≈&nbsp;{estimate.slippage} % against the last price.
        </dd>
      ) : null}
    </dl>
  );
}

function OutcomeNotice({ outcome, context }: { outcome: Outcome; context: TradeContext }) {
  const go = useShellStore((s) => s.go);
  const setTab = useOrdersStore((s) => s.setTab);
  if (outcome.kind === 'unknown') {
    return (
      <div className="form-alert trade-outcome" role="alert" data-testid="trade-outcome">
        <strong>We could not tell whether the order was placed.</strong> {outcome.outcome.check}
      </div>
    );
  }
  const o = outcome.outcome;
  const { market } = context;
  const filled = new Decimal(o.dealStock).gt(0);
  const verb = o.side === 'buy' ? 'Bought' : 'Sold';
  const rests =
    outcome.review.form.kind === 'limit' && !['FILLED', 'CANCELED'].includes(o.status ?? '');
  const stockPlaces = scale(o.dealStock, market.stockPrec);
  const feePlaces = Math.max(2, scale(o.dealFee, market.moneyPrec));
  const moneyPlaces = Math.max(2, scale(o.dealMoney, market.moneyPrec + market.stockPrec));
  return (
    <div className="form-notice trade-outcome" role="status" data-testid="trade-outcome">
      <p>
        {filled ? (
          <>
            {verb} <Amount value={o.dealStock} places={stockPlaces} unit={market.stock} /> for{' '}
            <Amount value={o.dealMoney} places={moneyPlaces} unit={market.money} /> (fee{' '}
            <Amount value={o.dealFee} places={feePlaces} unit={market.money} />)
            {rests ? '; the rest waits on the book' : ''}.
          </>
        ) : rests ? (
          <>Limit order placed: nothing filled yet, it waits on the book.</>
        ) : (
          <>The order was placed but nothing was filled (status {o.status ?? 'unknown'}).</>
        )}
        {o.reconciled ? ' Found after the connection dropped: it was placed once.' : ''}
      </p>
      <p className="small">
        Order {o.orderId} · client order id <code>{o.clientOrderId}</code>
        {o.status ? ` · ${o.status}` : ''}{' '}
        <button
          type="button"
          className="btn btn-link"
          onClick={() => {
            setTab(rests ? 'active' : 'history');
            go('orders');
          }}
        >
          View in Orders
        </button>
      </p>
    </div>
  );
}
