/** What other screens may use of Orders: opening it on a tab, and the order history slot. */
export { useOrderHistory, useOrdersStore, type ExecutedOrdersData } from './ordersStore';
