import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { asDeskError } from '../../../shared/errors';
import { useAction } from '../../lib/useAction';
import { conditionSymbol, splitMarket, typeLabel } from '../../lib/format';
import { isSpendOrder } from '../../../shared/executed';
import { Amount } from '../../components/Amount';

/**
 * An executed order's type in words, with what its amount is in for a market kind: "Market,
 * amount in BTC", "Market, spend USDT", "Stop-market, spend USDT", "Limit", "Stop-limit".
 */
export function typeWords(o: {
  type: string;
  side: string;
  price: string;
  market: string;
}): string {
  const type = o.type.toLowerCase().replace(/_/g, ' ');
  const [stock, money] = splitMarket(o.market);
  const sized = isSpendOrder(o) ? `spend ${money}` : `amount in ${stock}`;
  if (type === 'market' || type === 'stock market') return `Market, ${sized}`;
  if (type === 'stop market') return `Stop-market, ${sized}`;
  if (type === 'stop limit') return 'Stop-limit';
  return typeLabel(o.type);
}

/** What an order is called, one and many (counts, exports). */
export const ORDERS = ['order', 'orders'] as const;

/**
 * An order's type in a table cell: two words ("Stop market", "Stop limit") on two lines inside the
 * row rather than cut; one word as any cell.
 */
export function TypeLabel({ type }: { type: string }) {
  const label = typeLabel(type);
  return label.includes(' ') ? <span className="cell-lines">{label}</span> : label;
}

/** A stop's activation price with its condition ("≥ 70,000 USDT"); "—" when it has none. */
export function Activation({
  price,
  condition,
  places,
  unit,
}: {
  price: string | undefined;
  condition: string | undefined;
  places: number;
  unit: string | undefined;
}) {
  if (!price) return <span className="muted">—</span>;
  return (
    <span title={`Activates when the price is ${condition ?? '?'} this`}>
      <span className="condition">{conditionSymbol(condition)}</span>{' '}
      <Amount value={price} places={places} unit={unit} />
    </span>
  );
}

interface CancelDialogProps {
  title: string;
  /** What is canceled, in words and amounts. */
  children: ReactNode;
  /** Sends the cancel; rejects with the DeskError main answered with. */
  cancel(): Promise<void>;
  /** The notice after it was canceled. */
  done: string;
  onDone(message?: string): void;
  /** The confirm button's words (default "Cancel order"). */
  confirmLabel?: string;
  /** The dismiss button's words (default "Keep order"). */
  keepLabel?: string;
}

/** Confirms a cancel, sends it, keeps the dialog open with the reason when it fails. */
export function CancelDialog({
  title,
  children,
  cancel,
  done,
  onDone,
  confirmLabel = 'Cancel order',
  keepLabel = 'Keep order',
}: CancelDialogProps) {
  const action = useAction();
  const [error, setError] = useState<string | undefined>();

  const confirm = () =>
    action.run(async () => {
      setError(undefined);
      try {
        await cancel();
        onDone(done);
      } catch (failure) {
        setError(asDeskError(failure).message);
      }
    });

  return (
    <ConfirmDialog
      title={title}
      confirmLabel={action.busy ? 'Canceling…' : confirmLabel}
      cancelLabel={keepLabel}
      busy={action.busy}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={() => onDone()}
    >
      {children}
    </ConfirmDialog>
  );
}
