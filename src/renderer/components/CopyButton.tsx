import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How long "Copied" stays after a copy. */
const COPIED_MS = 2_000;

interface CopyButtonProps {
  /** The exact text put on the clipboard. */
  value: string;
  /** What is copied, in words: "address" names the button "Copy address". Never the value itself. */
  what: string;
}

/**
 * A small icon button that copies `value` (navigator.clipboard.writeText), says "Copied" politely
 * for a moment, or plainly that it could not. Its name says what it copies, not the value: a
 * screen reader or a tooltip never reads an address out.
 */
export function CopyButton({ value, what }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    clearTimeout(timer.current);
    try {
      // Absent outside a secure context; refused when the page may not write to the clipboard.
      if (!navigator.clipboard) throw new Error('No clipboard.');
      await navigator.clipboard.writeText(value);
      setState('copied');
      timer.current = setTimeout(() => setState('idle'), COPIED_MS);
    } catch {
      setState('failed');
    }
  }

  const label = `Copy ${what}`;
  return (
    <span className="copy">
      <button
        type="button"
        className={state === 'copied' ? 'copy-button copied' : 'copy-button'}
        aria-label={label}
        title={label}
        onClick={() => void copy()}
      >
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
          {state === 'copied' ? (
            <path d="M3 8.5l3 3 7-7" />
          ) : (
            <>
              <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
              <path d="M10.5 3.5v-.5a1.5 1.5 0 0 0-1.5-1.5h-5a1.5 1.5 0 0 0-1.5 1.5v5a1.5 1.5 0 0 0 1.5 1.5h.5" />
            </>
          )}
        </svg>
      </button>
      <span className="copy-status" aria-live="polite">
        {state === 'copied' ? 'Copied' : ''}
      </span>
      {state === 'failed' ? (
        <span className="copy-failed" role="alert">
          Could not copy
        </span>
      ) : null}
    </span>
  );
}

/**
 * A value as shown (whole or shortened, `children`) followed by its copy button, on one line: the
 * shown part gives way (ellipsis) before the button does. The button copies `value` whole.
 */
export function Copyable({ value, what, children }: CopyButtonProps & { children: ReactNode }) {
  return (
    <span className="copyable">
      <span className="copyable-value">{children}</span>
      <CopyButton value={value} what={what} />
    </span>
  );
}
