/**
 * What other screens may use of Orders: opening it on a tab, the fill notices shown on every
 * screen, and where the stream's order pushes land.
 */
export { useOrdersStore, applyOrdersPush } from './ordersStore';
export { FillNotices } from './FillNotices';
