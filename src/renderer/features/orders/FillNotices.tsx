import { useEffect } from 'react';
import { Amount } from '../../components/Amount';
import { useMarkets } from '../trade';
import { fillOf, fillWords, hasFee } from './fills';
import { useFillNotices } from './ordersStore';

/** Orders that filled while the app was open, on every screen until dismissed. */
export function FillNotices() {
  const fills = useFillNotices((s) => s.fills);
  const dismiss = useFillNotices((s) => s.dismiss);
  // The markets' places write the figures: loaded once a notice needs them.
  const markets = useMarkets((s) => s.data?.markets);
  const needMarkets = fills.length > 0 && !markets;
  useEffect(() => {
    if (needMarkets) void useMarkets.getState().load();
  }, [needMarkets]);
  return (
    <div className="fill-notices" role="status" aria-live="polite">
      {fills.map((order) => {
        const fill = fillOf(
          order,
          markets?.find((m) => m.name === order.market),
        );
        const { lead, tail } = fillWords(fill);
        return (
          <div className="fill-notice" key={order.orderId} data-testid="fill-notice">
            <p>
              {lead} <span className={`side side-${fill.side}`}>{fill.side}</span>{' '}
              <Amount value={fill.amount} places={fill.amountPlaces} unit={fill.stock} /> for{' '}
              <Amount value={fill.total} places={fill.moneyPlaces} unit={fill.money} />
              {hasFee(fill) ? (
                <>
                  {' '}
                  (fee <Amount value={fill.fee} places={fill.moneyPlaces} unit={fill.money} />)
                </>
              ) : null}{' '}
              at <Amount value={fill.price} places={fill.pricePlaces} unit={fill.money} /> on{' '}
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
