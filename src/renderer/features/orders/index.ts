/**
 * What other screens may use of Orders: the fill notices shown on every screen, and where the
 * stream's order pushes land.
 */
export { applyOrdersPush } from './ordersStore';
export { FillNotices } from './FillNotices';
