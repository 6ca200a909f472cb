import type { OrderSide } from '../../../shared/model';

/** Buy/sell in words and colour (the word carries the meaning; the colour only helps). */
export function SideLabel({ side }: { side: OrderSide }) {
  return <span className={`side side-${side}`}>{side === 'buy' ? 'Buy' : 'Sell'}</span>;
}

/** DataTable status of a slot: rows once there are any, else the error, else loading. */
export function tableStatus(slot: {
  data: unknown;
  error: string | undefined;
}): 'ready' | 'error' | 'loading' {
  return slot.data !== undefined ? 'ready' : slot.error ? 'error' : 'loading';
}
