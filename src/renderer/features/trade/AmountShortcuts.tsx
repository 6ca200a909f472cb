import type { TradeContext } from '../../../shared/model';
import { useSettings } from '../../lib/settingsStore';
import { SHARES, shareOf, shortcutAsset, shortcutBlocker } from './shortcuts';
import type { OrderFormState } from './useOrderForm';

const REASON_ID = 'trade-shortcuts-reason';

/**
 * 25 %, 50 %, 75 % and Max under Amount: a click fills that share of the available balance (or
 * says under Amount why it cannot) and puts focus on Amount, which reads the value or the message.
 * Names and titles carry no amount (privacy mode).
 */
export function AmountShortcuts({
  form,
  context,
  amountId,
  onRefused,
}: {
  form: OrderFormState;
  context: TradeContext;
  /** The amount input, focused after a click. */
  amountId: string;
  /** Why a share fills nothing (below the minimum, nothing available), for under Amount. */
  onRefused(message: string): void;
}) {
  const privacy = useSettings((s) => s.privacy);
  const { values } = form;
  const asset = shortcutAsset(values, context);
  const blocker = shortcutBlocker(values, context, privacy);

  const fill = (percent: number) => {
    const result = shareOf(percent, values, context);
    if ('amount' in result) form.update({ amount: result.amount }, 'amount');
    else onRefused(result.error);
    document.getElementById(amountId)?.focus();
  };

  return (
    <div className="trade-shortcuts" role="group" aria-label="Amount shortcuts">
      {SHARES.map(({ percent, label }) => (
        <button
          key={percent}
          type="button"
          className="btn btn-secondary btn-small"
          aria-label={`${percent === 100 ? 'Max: fill' : 'Fill'} ${percent} % of available ${asset}`}
          aria-describedby={blocker ? REASON_ID : undefined}
          disabled={blocker !== undefined || form.busy}
          onClick={() => fill(percent)}
        >
          {label}
        </button>
      ))}
      {blocker ? (
        <p className="field-hint" id={REASON_ID}>
          {blocker}
        </p>
      ) : null}
    </div>
  );
}
