import { Amount } from '../../components/Amount';
import { fillOf, fillWords } from './fills';
import { useFillNotices } from './ordersStore';

/** Orders that filled while the app was open, on every screen until dismissed. */
export function FillNotices() {
  const fills = useFillNotices((s) => s.fills);
  const dismiss = useFillNotices((s) => s.dismiss);
  return (
    <div className="fill-notices" role="status" aria-live="polite">
      {fills.map((order) => {
        const fill = fillOf(order);
        const { lead, tail } = fillWords(fill);
        return (
          <div className="fill-notice" key={order.orderId} data-testid="fill-notice">
            <p>
              {lead} <span className={`side side-${fill.side}`}>{fill.side}</span>{' '}
              <Amount value={fill.amount} places={fill.amountPlaces} unit={fill.stock} /> at{' '}
              <Amount value={fill.price} places={fill.pricePlaces} unit={fill.money} /> on{' '}
              {fill.market}
              {tail}
            </p>
            <button
              type="button"
              className="btn btn-link btn-small"
              onClick={() => dismiss(order.orderId)}
              aria-label={`Dismiss the fill notice of order ${order.orderId}`}
            >
              Dismiss
            </button>
          </div>
        );
      })}
    </div>
  );
}
