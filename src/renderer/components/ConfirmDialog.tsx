import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

interface ConfirmDialogProps {
  title: string;
  children?: ReactNode;
  /** The confirm button's words; with no `onConfirm` there is only the dismiss button. */
  confirmLabel?: string;
  /** The dismiss button's words (default "Cancel"). */
  cancelLabel?: string;
  busy?: boolean;
  /** Keeps the confirm button disabled (e.g. until a typed confirmation matches). */
  confirmDisabled?: boolean;
  /** "danger" (default) for destructive actions, "primary" for the others. */
  tone?: 'danger' | 'primary';
  /** Wide: room for a table (an order's deals), within the window. */
  wide?: boolean;
  error?: string | undefined;
  onConfirm?(): void;
  onCancel(): void;
}

/** Tab and Shift+Tab cycle through the dialog's buttons instead of leaving it. */
function keepFocusInside(event: KeyboardEvent<HTMLDivElement>): void {
  const buttons = [...event.currentTarget.querySelectorAll<HTMLElement>('button:not(:disabled)')];
  const first = buttons[0];
  const last = buttons[buttons.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal confirmation: focus goes to the dismiss button on open and back to what opened it on
 * close; Escape dismisses.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy = false,
  confirmDisabled = false,
  tone = 'danger',
  wide = false,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Focus goes back to what opened the dialog when it closes (Escape, Cancel or Confirm), if
    // that is still on the page; a keyboard user is never dropped at the top of the page.
    const opener = document.activeElement;
    cancelRef.current?.focus();
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);
  return (
    <div className="dialog-backdrop">
      <div
        className={wide ? 'dialog dialog-wide' : 'dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !busy) onCancel();
          if (e.key === 'Tab') keepFocusInside(e);
        }}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
        {error ? (
          <p className="form-alert" role="alert">
            {error}
          </p>
        ) : null}
        <div className="actions actions-end">
          <button
            type="button"
            className="btn btn-secondary"
            ref={cancelRef}
            onClick={onCancel}
            disabled={busy}
          >
            {cancelLabel}
          </button>
          {onConfirm ? (
            <button
              type="button"
              className={`btn btn-${tone}`}
              onClick={onConfirm}
              disabled={busy || confirmDisabled}
            >
              {confirmLabel}
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
