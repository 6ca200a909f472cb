import type { Order } from '../../../shared/model';
import { SelectField, TextField } from '../../components/Field';
import { marketLabel } from '../../lib/format';
import { NO_FILTERS, useOrdersStore, type ActiveFilters } from './ordersStore';

/** Filters of the active orders: market, order id, client order id, over the loaded list. */
export const ORDER_ID_MESSAGE =
  'Order ids are whole numbers and match whole: enter digits only, e.g. 4200000123.';

/** The message under the order-id filter, if what is typed cannot be an order id. */
export function orderIdError(text: string): string | undefined {
  return /^\s*\d*\s*$/.test(text) ? undefined : ORDER_ID_MESSAGE;
}

/** How the order-id filter matches, said under it: whole ids, so a part of one matches nothing. */
function orderIdHint(text: string, orders: readonly Order[]): string {
  const id = text.trim();
  if (id === '' || orders.some((o) => String(o.orderId) === id)) return 'Matches the whole id.';
  return `No order has the id ${id}: ids match whole, not in part.`;
}

/**
 * The orders the filters let through: the market exactly, the order id exactly, the client order
 * id as a case-insensitive part. An order id that cannot be one filters nothing (its field says why).
 */
export function filterActiveOrders(orders: readonly Order[], filters: ActiveFilters): Order[] {
  const id = orderIdError(filters.orderId) ? '' : filters.orderId.trim();
  const client = filters.clientOrderId.trim().toLowerCase();
  return orders.filter(
    (o) =>
      (!filters.market || o.market === filters.market) &&
      (!id || String(o.orderId) === id) &&
      (!client || o.clientOrderId.toLowerCase().includes(client)),
  );
}

export const isFiltered = (filters: ActiveFilters): boolean =>
  filters.market !== '' || filters.orderId.trim() !== '' || filters.clientOrderId.trim() !== '';

/** The markets the filter offers: those the loaded orders are on (and the chosen one). */
function marketOptions(markets: readonly string[], chosen: string) {
  const all = [...new Set(chosen ? [...markets, chosen] : markets)].sort();
  return [
    { value: '', label: 'All markets' },
    ...all.map((m) => ({ value: m, label: marketLabel(m) })),
  ];
}

export function ActiveFiltersForm({
  markets,
  orders,
}: {
  markets: readonly string[];
  /** The loaded orders (the order-id filter says when none has the id typed). */
  orders: readonly Order[];
}) {
  const filters = useOrdersStore((s) => s.activeFilters);
  const filterActive = useOrdersStore((s) => s.filterActive);

  return (
    <form
      className="filters"
      aria-label="Filter active orders"
      onSubmit={(e) => e.preventDefault()}
      noValidate
    >
      <SelectField
        id="active-market"
        label="Market"
        value={filters.market}
        options={marketOptions(markets, filters.market)}
        onChange={(market) => filterActive({ market })}
      />
      <TextField
        id="active-order-id"
        label="Order id"
        value={filters.orderId}
        onChange={(orderId) => filterActive({ orderId })}
        error={orderIdError(filters.orderId)}
        hint={orderIdError(filters.orderId) ? undefined : orderIdHint(filters.orderId, orders)}
        inputMode="numeric"
        autoComplete="off"
      />
      <TextField
        id="active-client-order-id"
        label="Client order id"
        value={filters.clientOrderId}
        onChange={(clientOrderId) => filterActive({ clientOrderId })}
        autoComplete="off"
        spellCheck={false}
        maxLength={64}
      />
      <div className="filters-actions">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => filterActive(NO_FILTERS)}
          disabled={!isFiltered(filters)}
        >
          Clear filters
        </button>
      </div>
    </form>
  );
}
