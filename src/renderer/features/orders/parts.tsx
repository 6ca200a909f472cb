import type { Column } from '../../components/DataTable';
import type { OrderSide } from '../../../shared/model';
import { marketLabel } from '../../lib/format';

/** Buy/sell in words and colour (the word carries the meaning; the colour only helps). */
export function SideLabel({ side }: { side: OrderSide }) {
  return <span className={`side side-${side}`}>{side === 'buy' ? 'Buy' : 'Sell'}</span>;
}

/** The Market and Side columns every order table starts with. */
export function marketAndSideColumns<
  Row extends { market: string; side: 'buy' | 'sell' },
>(): Column<Row>[] {
  return [
    {
      id: 'market',
      header: 'Market',
      width: '96px',
      cell: (o) => marketLabel(o.market),
      sort: (a, b) => a.market.localeCompare(b.market),
    },
    {
      id: 'side',
      header: 'Side',
      width: '48px',
      cell: (o) => <SideLabel side={o.side} />,
      sort: (a, b) => a.side.localeCompare(b.side),
    },
  ];
}
