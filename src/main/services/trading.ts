import type { PlacementOutcome } from '../../shared/model';
import type { ExchangeApi, PlaceOrderInput } from '../exchange/api';
import { placeOrder } from '../exchange/orders';

/** Places an order and reports the outcome; a refusal is thrown as the exchange's error. */
export async function placeOrderOutcome(
  api: ExchangeApi,
  input: PlaceOrderInput,
): Promise<PlacementOutcome> {
  const result = await placeOrder(api, input);
  switch (result.outcome) {
    case 'placed': {
      const reconciled = result.via !== 'response';
      const order = result.via === 'order-history' ? result.executed : result.order;
      return {
        outcome: 'placed',
        clientOrderId: result.clientOrderId,
        orderId: order.orderId,
        market: order.market,
        side: order.side,
        dealStock: order.dealStock,
        dealMoney: order.dealMoney,
        dealFee: order.dealFee,
        ...(order.status ? { status: order.status } : {}),
        reconciled,
      };
    }
    case 'unknown':
      return {
        outcome: 'unknown',
        clientOrderId: result.clientOrderId,
        market: result.market,
        check: result.check,
      };
    case 'rejected':
      throw result.error;
  }
}
