import { formatDecimal } from '../../lib/decimal';
import { amountUnit, plain } from './checks';
import { useSettings } from '../../lib/settingsStore';
import { activeProfile, useProfilesStore } from '../accounts';
import {
  farPrices,
  reviewBlocker,
  reviewKind,
  reviewOptions,
  reviewTotal,
  sideOf,
  stopAtOnce,
  stopWords,
  type Review,
} from './placement';

/** What the user confirms: side and kind, amount with its unit, price, estimated total, options. */
export function ReviewSummary({ review }: { review: Review }) {
  const { form, estimate, context } = review;
  const { market } = context;
  const side = sideOf(form);
  const options = reviewOptions(review);
  const blocker = reviewBlocker(review);
  const atOnce = stopAtOnce(form, context);
  const far = farPrices(
    form,
    context,
    useSettings((s) => s.priceGuardPercent),
  );
  const account = useProfilesStore((s) => activeProfile(s.state)?.name);
  return (
    <dl className="trade-review" data-testid="trade-review">
      {account ? (
        <>
          <dt>Account</dt>
          <dd data-testid="trade-review-account">{account}</dd>
        </>
      ) : null}
      <dt>Side</dt>
      <dd className={`side side-${side}`}>
        {side === 'buy' ? 'Buy' : 'Sell'} <span className="muted">({reviewKind(review)})</span>
      </dd>
      <dt>Amount</dt>
      <dd>
        {plain(form.amount.trim())} {amountUnit(form.kind, market, side)}
      </dd>
      {form.kind === 'stop_limit' || form.kind === 'stop_market' ? (
        <>
          <dt>Activation price</dt>
          <dd>
            {plain(form.activationPrice.trim())} {market.money}
          </dd>
          <dt>When</dt>
          <dd data-testid="trade-review-stop">{stopWords(form, market)}</dd>
          {atOnce ? (
            <dd className="trade-warn" data-testid="trade-review-at-once">
              {atOnce}
            </dd>
          ) : null}
        </>
      ) : null}
      {form.kind === 'limit' || form.kind === 'stop_limit' ? (
        <>
          <dt>Price</dt>
          <dd>
            {plain(form.price.trim())} {market.money}
          </dd>
        </>
      ) : estimate.avgPrice ? (
        <>
          <dt>Average price</dt>
          <dd>
            ≈&nbsp;{formatDecimal(estimate.avgPrice, market.moneyPrec)} {market.money}
          </dd>
        </>
      ) : null}
      <dt>Estimated total</dt>
      <dd data-testid="trade-review-total">{reviewTotal(review)}</dd>
      {options.length ? (
        <>
          <dt>Options</dt>
          <dd>{options.join(' · ')}</dd>
        </>
      ) : null}
      {far.map((words) => (
        <dd key={words} className="trade-warn" data-testid="trade-review-far">
          {words}
        </dd>
      ))}
      {blocker ? (
        <dd className="trade-warn" role="alert">
          {blocker}
        </dd>
      ) : null}
      {estimate.notEnoughDepth ? (
        <dd className="trade-warn">The order book cannot fill all of it right now.</dd>
      ) : null}
      {estimate.slippageWarning ? (
        <dd className="trade-warn">
          Slippage ≈&nbsp;{estimate.slippage} % against the last price.
        </dd>
      ) : null}
    </dl>
  );
}
