import { useRef, useState } from 'react';
import { useNotices, type Notice } from '../lib/noticesStore';
import { Amount } from './Amount';
import { ConfirmDialog } from './ConfirmDialog';
import { Time } from './ViewParts';

/** A notice's words: amounts through Amount (the number rule, exact on hover, privacy mask). */
function NoticeText({ notice }: { notice: Notice }) {
  return (
    <>
      {notice.parts.map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : 'side' in part ? (
          <span key={i} className={`side side-${part.side}`}>
            {part.side}
          </span>
        ) : (
          <Amount key={i} value={part.amount} places={part.places} unit={part.unit} />
        ),
      )}
    </>
  );
}

/**
 * The notices on screen, under the header on every screen (in the page's flow: they push the
 * screen down and never cover a table's header). Each leaves after a while, not while the
 * pointer or the keyboard is on them; the Notices list keeps it.
 */
export function NoticesRegion() {
  const shown = useNotices((s) => s.shown);
  const dismiss = useNotices((s) => s.dismiss);
  const hold = useNotices((s) => s.hold);
  const region = useRef<HTMLDivElement>(null);
  /** Dismissed: focus goes to the next notice's Dismiss, or to the screen, never to the page. */
  const dismissAt = (index: number) => {
    const buttons = region.current?.querySelectorAll<HTMLElement>('.notice button');
    const next = buttons?.[index + 1] ?? buttons?.[index - 1];
    dismiss(shown[index]!.id);
    if (next) next.focus();
    else {
      hold(false);
      document.getElementById('main-content')?.focus();
    }
  };
  return (
    <div
      className="notices"
      role="status"
      aria-live="polite"
      ref={region}
      onMouseEnter={() => hold(true)}
      onMouseLeave={() => {
        if (!region.current?.contains(document.activeElement)) hold(false);
      }}
      onFocus={() => hold(true)}
      onBlur={(event) => {
        if (!region.current?.contains(event.relatedTarget as Node | null)) hold(false);
      }}
    >
      {shown.map((notice, index) => (
        <div
          className={`notice notice-${notice.kind}`}
          key={notice.id}
          data-testid={`${notice.kind}-notice`}
        >
          <p>
            <span className="notice-time">
              <Time ms={notice.at} />
            </span>{' '}
            <NoticeText notice={notice} />
          </p>
          <button
            type="button"
            className="btn btn-link btn-small"
            onClick={() => dismissAt(index)}
            aria-label={`Dismiss ${notice.label}`}
          >
            Dismiss
          </button>
        </div>
      ))}
    </div>
  );
}

/**
 * The Notices button (at the foot of the sidebar): how many came since it was last opened, and
 * the list of them all.
 */
export function NoticesButton() {
  const kept = useNotices((s) => s.kept);
  const unread = useNotices((s) => s.unread);
  const read = useNotices((s) => s.read);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        data-testid="notices-button"
        onClick={() => {
          read();
          setOpen(true);
        }}
        aria-label={unread > 0 ? `Notices, ${unread} new` : 'Notices'}
      >
        Notices{unread > 0 ? <span className="notices-count"> {unread}</span> : null}
      </button>
      {open ? (
        <ConfirmDialog title="Notices" cancelLabel="Close" wide onCancel={() => setOpen(false)}>
          {kept.length === 0 ? (
            <p>No notices since the app started.</p>
          ) : (
            <ol className="notices-list" data-testid="notices-list">
              {kept.map((notice) => (
                <li key={notice.id} className={`notice-${notice.kind}`}>
                  <span className="notice-time">
                    <Time ms={notice.at} />
                  </span>{' '}
                  <NoticeText notice={notice} />
                </li>
              ))}
            </ol>
          )}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
