import { useEffect, useRef, useState } from 'react';
import Decimal from 'decimal.js';
import type { TradeContext } from '../../../shared/model';
import { formatDecimal } from '../../lib/decimal';
import { lazyNamed } from '../../lib/lazyNamed';
import { useBalancePair, type TransferOutcome } from '../transfer';
import { shortfall } from './checks';
import { forRegion } from './placement';
import type { OrderFormState } from './useOrderForm';

const TransferDialog = lazyNamed(() => import('../transfer/TransferDialog'), 'TransferDialog');

/**
 * Under Amount, when the trade balance is short for the order and the main balance holds the
 * difference: "Move X from main" (X the shortfall at the asset's places). It opens the transfer's
 * confirmation; once the move is done and the balances have reloaded, the form checks again, as
 * Review order does.
 */
export function MoveOffer({ form, context }: { form: OrderFormState; context: TradeContext }) {
  const values = forRegion(form.values, form.region);
  // Offered only where the form says the balance is short (its message under Amount).
  const short = form.errors['amount'] ? shortfall(values, context) : undefined;
  const ticker = short?.ticker;
  const main = useBalancePair((s) => (s.query === ticker ? s.data?.main : undefined));
  useEffect(() => {
    if (ticker) void useBalancePair.getState().load(ticker);
  }, [ticker]);
  const [open, setOpen] = useState(false);
  /** The context's time when the move was done: the form checks again once a newer one is in. */
  const movedAt = useRef<number | undefined>(undefined);
  const { onSubmit } = form;
  useEffect(() => {
    if (movedAt.current !== undefined && context.fetchedAt > movedAt.current) {
      movedAt.current = undefined;
      onSubmit();
    }
  }, [context.fetchedAt, onSubmit]);

  const covered = short && main !== undefined && new Decimal(main).gte(short.amount);
  // In a small window the offer appears under the sticky Review order bar: bring it into view
  // above the bar (its scroll margin), once, when it appears.
  const offerRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (covered) offerRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [covered]);
  return (
    <>
      {covered ? (
        <p className="trade-move-offer" ref={offerRef}>
          <button
            type="button"
            className="btn btn-link"
            data-testid="trade-move-offer"
            onClick={() => setOpen(true)}
          >
            Move {formatDecimal(short.amount, short.places)} {short.ticker} from main
          </button>
        </p>
      ) : null}
      {open && short ? (
        <TransferDialog
          request={{
            ticker: short.ticker,
            from: 'main',
            amount: short.amount,
            confirm: true,
            places: short.places,
          }}
          assets={[short.ticker]}
          onDone={(outcome?: TransferOutcome) => {
            setOpen(false);
            if (outcome?.move.outcome === 'moved') movedAt.current = context.fetchedAt;
          }}
        />
      ) : null}
    </>
  );
}
