import type { ChartLine } from '../../../src/renderer/features/chart/lines';
import type { ApiDealsPage, MarketDeal, Order } from '../../../src/shared/model';

/** A buy limit order of 0.5 BTC on BTC_USDT, all of it left. */
export const activeOrder = (patch: Partial<Order>): Order => ({
  orderId: 1,
  clientOrderId: '',
  market: 'BTC_USDT',
  side: 'buy',
  type: 'limit',
  timestamp: 1,
  dealMoney: '0',
  dealStock: '0',
  amount: '0.5',
  left: '0.5',
  dealFee: '0',
  price: '61000.5',
  postOnly: false,
  ioc: false,
  ...patch,
});

/** A solid black line at 1 whose words are its id. */
export const chartLine = (id: string, market: string): ChartLine => ({
  id,
  market,
  price: '1',
  title: id,
  label: id,
  color: '#000',
  style: 'solid',
});

/** One window of deals as keyHistory.deals answers it. */
export const dealsPage = (records: MarketDeal[]): ApiDealsPage => ({
  records,
  from: 0,
  to: 1,
  earliest: 0,
  capped: false,
  fetchedAt: 1,
});
