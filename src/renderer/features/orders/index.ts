/**
 * What other screens may use of Orders: opening it on a tab, the order history slot, the fill
 * notices shown on every screen, and where the stream's order pushes land.
 */
export {
  useOrderHistory,
  useOrdersStore,
  applyOrdersPush,
  type ExecutedOrdersData,
} from './ordersStore';
export { FillNotices } from './FillNotices';
