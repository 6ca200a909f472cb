import { useEffect, useState } from 'react';
import type { Order } from '../../../shared/model';
import { modifyOrderInput, type ChannelInput } from '../../../shared/contract';
import { asDeskError } from '../../../shared/errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { TextField } from '../../components/Field';
import { compareDecimal, formatDecimal } from '../../lib/decimal';
import { marketLabel, scaleOf, splitMarket } from '../../lib/format';
import { deskFieldErrors, parseForm, type FieldErrors } from '../../lib/parseForm';
import { useAction } from '../../lib/useAction';
import { orderChangeErrors } from './checks';
import { useMarkets } from './tradeStore';

type Field = 'amount' | 'price' | 'activationPrice';
const FIELDS: readonly Field[] = ['amount', 'price', 'activationPrice'];
/** The exchange's names for the fields (a buy stop-market order's amount is its total). */
const ALIASES = { total: 'amount', activation_price: 'activationPrice' };

/** What the order has now, per field; undefined: the order has no such field to change. */
function current(order: Order): Record<Field, string | undefined> {
  return {
    amount: order.left,
    price: order.type === 'stop market' ? undefined : order.price,
    activationPrice:
      order.activationPrice !== undefined && !order.activated ? order.activationPrice : undefined,
  };
}

const LABELS: Record<Field, string> = {
  amount: 'Amount',
  price: 'Price',
  activationPrice: 'Activation price',
};

/**
 * Changes an active limit or stop order: a form (amount, price, activation price of a stop order
 * not yet activated), checked against the market's rules before anything is sent, then a
 * confirmation of old → new. `modify` sends the change (Orders' store, whose list takes the
 * replacement). The exchange replaces the order: the notice names the new order id.
 */
export function ModifyOrderDialog({
  order,
  modify,
  onDone,
}: {
  order: Order;
  /** Sends the change; answers the replacement, rejects with the DeskError main answered with. */
  modify(input: ChannelInput<'orders.modify'>): Promise<Order>;
  onDone(message?: string): void;
}) {
  const markets = useMarkets((s) => s.data?.markets);
  useEffect(() => {
    if (!useMarkets.getState().data) void useMarkets.getState().load();
  }, []);
  const rules = markets?.find((m) => m.name === order.market);
  const now = current(order);
  const [stock, money] = splitMarket(order.market);
  /** A buy stop-market order's amount is money (the exchange's `total`). */
  const byTotal = order.type === 'stop market' && order.side === 'buy';
  const units: Record<Field, string> = {
    amount: byTotal ? money : stock,
    price: money,
    activationPrice: money,
  };
  /** Old and new written by the number rule: prices at the tick, the amount at its asset's places. */
  const write = (f: Field, value: string) => {
    const places = rules && (f !== 'amount' || byTotal ? rules.moneyPrec : rules.stockPrec);
    return formatDecimal(value, places ?? scaleOf(value));
  };
  const [values, setValues] = useState<Record<Field, string>>({
    amount: now.amount ?? '',
    price: now.price ?? '',
    activationPrice: now.activationPrice ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [reviewing, setReviewing] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const action = useAction();

  const shown = FIELDS.filter((f) => now[f] !== undefined);
  /** The fields whose typed value differs from the order's. */
  const changed = shown.filter((f) => {
    const v = values[f].trim();
    return !/^\d+(\.\d+)?$/.test(v) || compareDecimal(v, now[f] ?? '') !== 0;
  });
  const input = {
    market: order.market,
    orderId: order.orderId,
    ...Object.fromEntries(
      changed.map((f) => [f === 'amount' && byTotal ? 'total' : f, values[f].trim()]),
    ),
  };

  const review = () => {
    setError(undefined);
    const parsed = parseForm(modifyOrderInput, input);
    const fields: FieldErrors = parsed.ok
      ? {}
      : Object.fromEntries(
          Object.entries(parsed.fields).map(([k, v]) => [k === 'total' ? 'amount' : k, v]),
        );
    if (parsed.ok && rules) {
      const given = (f: Field) => (changed.includes(f) ? values[f] : '');
      Object.assign(
        fields,
        orderChangeErrors(
          {
            amount: byTotal ? '' : given('amount'),
            price: given('price'),
            activationPrice: given('activationPrice'),
          },
          rules,
        ),
      );
    }
    setErrors(fields);
    if (Object.keys(fields).length === 0) setReviewing(true);
  };

  const send = () =>
    action.run(async () => {
      setError(undefined);
      try {
        const next = await modify(input);
        const kept = next.clientOrderId
          ? ` Its client order id ${next.clientOrderId} is kept.`
          : '';
        onDone(
          `Order ${order.orderId} on ${marketLabel(order.market)} was modified. The exchange replaced it: it is now order ${next.orderId}.${kept}`,
        );
      } catch (failure) {
        const refusal = deskFieldErrors(asDeskError(failure), FIELDS, { aliases: ALIASES });
        setErrors(refusal.fields);
        setError(refusal.rest);
        if (Object.keys(refusal.fields).length > 0) setReviewing(false);
      }
    });

  const title = `Modify ${order.side} order ${order.orderId} on ${marketLabel(order.market)}`;
  if (reviewing) {
    return (
      <ConfirmDialog
        title="Modify this order?"
        tone="primary"
        confirmLabel={action.busy ? 'Modifying…' : 'Modify order'}
        cancelLabel="Back"
        busy={action.busy}
        error={error}
        onConfirm={() => void send()}
        onCancel={() => setReviewing(false)}
      >
        <ul data-testid="modify-changes">
          {changed.map((f) => (
            <li key={f}>
              {LABELS[f]}: {write(f, now[f] ?? '')} → {write(f, values[f].trim())} {units[f]}
            </li>
          ))}
        </ul>
        <p className="muted">
          The exchange cancels order {order.orderId} and places its replacement under a new order id
          {order.clientOrderId ? `, with the same client order id ${order.clientOrderId}` : ''}.
        </p>
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog
      title={title}
      tone="primary"
      confirmLabel="Review"
      cancelLabel="Keep order"
      error={error}
      onConfirm={review}
      onCancel={() => onDone()}
    >
      {shown.map((f) => (
        <TextField
          key={f}
          id={`modify-${f}`}
          label={`${f === 'amount' && byTotal ? 'Total' : LABELS[f]} (${units[f]})`}
          value={values[f]}
          inputMode="decimal"
          autoComplete="off"
          error={errors[f]}
          onChange={(v) => setValues((s) => ({ ...s, [f]: v }))}
        />
      ))}
    </ConfirmDialog>
  );
}
