import type { TradeContext } from '../../../shared/model';
import { useEffect } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { OrderFields } from './OrderFields';
import { OutcomeNotice } from './OutcomeNotice';
import { reviewBlocker, reviewTitle, sideOf } from './placement';
import { PreviewPanel } from './PreviewPanel';
import { isStop } from './stop';
import { ReviewSummary } from './ReviewSummary';
import { FIELD_IDS, useOrderForm } from './useOrderForm';

interface OrderFormProps {
  context: TradeContext;
  /** Reloads book and balances (after an order). */
  onPlaced(): void;
  /** A message for the market picker (a paused market, the exchange's code 31). */
  onMarketError(message: string | undefined): void;
  /** A book level chosen for the price. */
  picked?: { price: string } | undefined;
}

/** The order form: its fields, the preview, the review dialog and the outcome. */
export function OrderForm({ context, onPlaced, onMarketError, picked }: OrderFormProps) {
  const { form, estimate, review, outcome, onSubmit, confirm, cancelReview } = useOrderForm({
    context,
    onPlaced,
    onMarketError,
  });
  const { busy } = form;
  // A book level's price: a stop's activation price, a limit's price; a market order becomes a
  // limit at it (the price is what was chosen).
  useEffect(() => {
    if (!picked) return;
    const { kind } = form.values;
    if (isStop(kind)) form.set('activationPrice', picked.price);
    else if (kind === 'limit') form.set('price', picked.price);
    else form.update({ kind: 'limit', price: picked.price }, 'price');
    // Only when a level is chosen, not as the form changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [picked]);
  // After an order went out, Amount holds focus for the next one (the dialog's opener, "Review
  // order", is still disabled when the dialog closes, so focus would fall to the page).
  useEffect(() => {
    if (outcome) document.getElementById(FIELD_IDS.amount!)?.focus();
  }, [outcome]);
  return (
    <>
      <form className="card trade-form" onSubmit={onSubmit} noValidate aria-label="Order">
        <OrderFields form={form} context={context} />

        {form.formError ? (
          <p className="form-alert" role="alert" data-testid="trade-alert">
            {form.formError}
          </p>
        ) : null}

        <div className="actions">
          <button
            type="submit"
            className={`btn btn-primary trade-submit trade-submit-${sideOf(form.values)}`}
            disabled={busy || review !== undefined || form.reviewBlocked !== undefined}
          >
            Review order
          </button>
        </div>

        {outcome ? <OutcomeNotice outcome={outcome} /> : null}
      </form>

      {/* While the review is open, the preview behind it is the estimate being confirmed. */}
      <PreviewPanel
        form={review?.form ?? form.values}
        context={review?.context ?? context}
        estimate={review?.estimate ?? estimate}
      />

      {review ? (
        <ConfirmDialog
          title={reviewTitle(review)}
          confirmLabel={busy ? 'Sending…' : 'Confirm order'}
          tone="primary"
          busy={busy}
          confirmDisabled={reviewBlocker(review) !== undefined}
          onConfirm={() => void confirm()}
          onCancel={cancelReview}
        >
          <ReviewSummary review={review} />
        </ConfirmDialog>
      ) : null}
    </>
  );
}
