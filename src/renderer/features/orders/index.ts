/**
 * What other screens may use of Orders: where the stream's order pushes land (and raise the fill
 * notices).
 */
export { applyOrdersPush } from './ordersStore';
