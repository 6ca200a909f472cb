import { useState, type FormEvent } from 'react';
import { activeOrdersInput } from '../../../shared/contract';
import { parseForm } from '../../lib/parseForm';
import { TextField } from '../../components/Field';
import type { FieldErrors } from '../../lib/parseForm';
import { useOrdersStore } from './ordersStore';

/** Filters of the active orders: market, order id, client order id. */
export const ORDER_ID_MESSAGE = 'Enter the order id as a whole number, e.g. 4200000123.';

/** "" -> undefined; anything else as a number (the contract says whether it is a valid id). */
export function toOrderId(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

export function ActiveFiltersForm({ markets }: { markets: readonly string[] }) {
  const query = useOrdersStore((s) => s.activeQuery);
  const filterActive = useOrdersStore((s) => s.filterActive);
  const [market, setMarket] = useState(query.market ?? '');
  const [orderId, setOrderId] = useState(query.orderId === undefined ? '' : String(query.orderId));
  const [clientOrderId, setClientOrderId] = useState(query.clientOrderId ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseForm(
      activeOrdersInput,
      {
        market: market.trim() || undefined,
        orderId: toOrderId(orderId),
        clientOrderId: clientOrderId.trim() || undefined,
      },
      { orderId: ORDER_ID_MESSAGE },
    );
    if (!parsed.ok) {
      setErrors(parsed.fields);
      return;
    }
    setErrors({});
    const { market: m, orderId: id, clientOrderId: client } = parsed.data;
    filterActive({ market: m, orderId: id, clientOrderId: client });
  }

  function reset() {
    setMarket('');
    setOrderId('');
    setClientOrderId('');
    setErrors({});
    filterActive({});
  }

  const clear = (field: string) => setErrors((e) => ({ ...e, [field]: undefined }));

  return (
    <form className="filters" aria-label="Filter active orders" onSubmit={apply} noValidate>
      <TextField
        id="active-market"
        label="Market"
        value={market}
        onChange={(v) => {
          setMarket(v.toUpperCase());
          clear('market');
        }}
        error={errors.market}
        placeholder="e.g. BTC_USDT"
        list="active-markets"
        autoComplete="off"
        spellCheck={false}
      />
      <datalist id="active-markets">
        {markets.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
      <TextField
        id="active-order-id"
        label="Order id"
        value={orderId}
        onChange={(v) => {
          setOrderId(v);
          clear('orderId');
        }}
        error={errors.orderId}
        inputMode="numeric"
        autoComplete="off"
      />
      <TextField
        id="active-client-order-id"
        label="Client order id"
        value={clientOrderId}
        onChange={(v) => {
          setClientOrderId(v);
          clear('clientOrderId');
        }}
        error={errors.clientOrderId}
        autoComplete="off"
        spellCheck={false}
      />
      <div className="filters-actions">
        <button type="submit" className="btn btn-primary">
          Apply
        </button>
        <button type="button" className="btn btn-secondary" onClick={reset}>
          Reset
        </button>
      </div>
    </form>
  );
}
