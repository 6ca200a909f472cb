import { useShellStore } from '../../lib/shellStore';
import { useKeyHistoryStore } from './keyHistoryStore';
import { useActiveOrders, useOrdersStore } from './ordersStore';

/**
 * Opens Orders on one active order: the Active tab filtered to its id (its row, with Cancel and
 * Modify). Other screens use it (the chart's order lines).
 */
export function openActiveOrder(orderId: number): void {
  useOrdersStore
    .getState()
    .filterActive({ market: '', orderId: String(orderId), clientOrderId: '' });
  const shell = useShellStore.getState();
  shell.setOrdersTab('active');
  shell.go('orders');
}

/**
 * Opens what a fill belongs to: its order on the Active tab while the rest is still open, else
 * Executed orders of its market with the order's deals shown.
 */
export function openFilledOrder(market: string, orderId: number): void {
  if (useActiveOrders.getState().data?.orders.some((o) => o.orderId === orderId)) {
    openActiveOrder(orderId);
    return;
  }
  const history = useKeyHistoryStore.getState();
  if (history.filters.market !== market) history.setFilters({ market });
  history.showDeals(orderId);
  const shell = useShellStore.getState();
  shell.setOrdersTab('executed');
  shell.go('orders');
}
