/**
 * What other screens may use of Orders: where the stream's order pushes land (and raise the fill
 * notices), the active orders, and opening an order or a fill's order.
 */
export { applyOrdersPush, useActiveOrders } from './ordersStore';
export { openActiveOrder, openFilledOrder } from './open';
