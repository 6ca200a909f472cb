import { Amount } from '../../components/Amount';
import { averagePrice } from '../../lib/format';
import { useShellStore } from '../../lib/shellStore';
import { placedSummary, stopWords, type Outcome } from './placement';
import { isStop } from './stop';

/** What became of a sent order: what filled, or that nobody can tell yet and what to check. */
export function OutcomeNotice({ outcome }: { outcome: Outcome }) {
  const go = useShellStore((s) => s.go);
  const setOrdersTab = useShellStore((s) => s.setOrdersTab);
  if (outcome.kind === 'unknown') {
    return (
      <div className="form-alert trade-outcome" role="alert" data-testid="trade-outcome">
        <strong>We could not tell whether the order was placed.</strong> {outcome.outcome.check}
      </div>
    );
  }
  const o = outcome.outcome;
  const { market } = outcome.review.context;
  const { filled, verb, rests, stockPlaces, moneyPlaces, feePlaces, feeAsset } = placedSummary(
    o,
    outcome.review,
  );
  const avg = averagePrice(o.dealMoney, o.dealStock);
  return (
    <div className="form-notice trade-outcome" role="status" data-testid="trade-outcome">
      <p>
        {filled ? (
          <>
            {verb} <Amount value={o.dealStock} places={stockPlaces} unit={market.stock} /> for{' '}
            <Amount value={o.dealMoney} places={moneyPlaces} unit={market.money} /> (fee{' '}
            <Amount value={o.dealFee} places={feePlaces} unit={feeAsset} />)
            {rests ? '; the rest waits on the book' : ''}.
            {avg !== null ? (
              <>
                {' '}
                Average price <Amount value={avg} places={market.moneyPrec} unit={market.money} />.
              </>
            ) : null}
          </>
        ) : rests && isStop(outcome.review.form.kind) ? (
          <>
            Stop order placed: it waits in Orders until it triggers.{' '}
            {stopWords(outcome.review.form, market)}
          </>
        ) : rests ? (
          <>Limit order placed: nothing filled yet, it waits on the book.</>
        ) : (
          <>The order was placed but nothing was filled (status {o.status ?? 'unknown'}).</>
        )}
        {o.reconciled ? ' Found after the connection dropped: it was placed once.' : ''}
      </p>
      <p className="small">
        Order {o.orderId} · client order id <code>{o.clientOrderId}</code>
        {o.status ? ` · ${o.status}` : ''}{' '}
        <button
          type="button"
          className="btn btn-link"
          onClick={() => {
            setOrdersTab(rests ? 'active' : 'partner');
            go('orders');
          }}
        >
          View in Orders
        </button>
      </p>
    </div>
  );
}
