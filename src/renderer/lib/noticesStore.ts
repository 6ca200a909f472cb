import { create } from 'zustand';
import type { OrderSide } from '../../shared/model';
import { onProfileReset } from './remote';

/**
 * The in-app notices (a fill, a deposit or withdrawal that arrived), on every screen: each is
 * shown for NOTICE_SHOWN_MS (or until dismissed), then it leaves (not while the pointer or the
 * keyboard is on the notices: then a while after they are let go); every one stays in the
 * Notices list (the Notices button at the foot of the sidebar) with its time, the newest
 * NOTICES_KEPT.
 */
export const NOTICE_SHOWN_MS = 10_000;
export const NOTICES_KEPT = 50;
/** At most this many on screen at once, the newest. */
export const NOTICES_SHOWN = 3;

/** A piece of a notice's text: words, an amount (the Amount component) or an order's side. */
export type NoticePart =
  string | { amount: string; places: number; unit: string } | { side: OrderSide };

export interface Notice {
  /** Unique among notices ("fill-123", "deposit-…"): a second notice of the same id replaces it. */
  id: string;
  kind: 'fill' | 'transfer' | 'alert';
  /** When it came (ms). */
  at: number;
  parts: NoticePart[];
  /** What the notice is, for its Dismiss button ("the fill notice of order 123"). */
  label: string;
}

interface NoticesState {
  /** On screen now, newest first. */
  shown: Notice[];
  /** The list, newest first. */
  kept: Notice[];
  /** Notices that came since the list was last opened. */
  unread: number;
  /** The pointer or the keyboard is on the notices: none leaves until they are let go. */
  held: boolean;
  add(notices: readonly Notice[]): void;
  dismiss(id: string): void;
  /** The list was opened. */
  read(): void;
  hold(on: boolean): void;
}

const withoutIds = (list: Notice[], ids: Set<string>) => list.filter((n) => !ids.has(n.id));

/** Notices whose time was up while they were held: they leave a while after they are let go. */
const due = new Set<string>();

export const useNotices = create<NoticesState>()((set, get) => {
  /** `id` leaves the screen after a while (the test drives the clock); the list keeps it. */
  const leaveLater = (id: string) =>
    setTimeout(() => {
      if (!get().shown.some((n) => n.id === id)) return;
      if (get().held) due.add(id);
      else get().dismiss(id);
    }, NOTICE_SHOWN_MS);
  return {
    shown: [],
    kept: [],
    unread: 0,
    held: false,
    add(notices) {
      if (notices.length === 0) return;
      const ids = new Set(notices.map((n) => n.id));
      const newest = [...notices].reverse();
      set((s) => ({
        shown: [...newest, ...withoutIds(s.shown, ids)].slice(0, NOTICES_SHOWN),
        kept: [...newest, ...withoutIds(s.kept, ids)].slice(0, NOTICES_KEPT),
        unread: Math.min(NOTICES_KEPT, s.unread + notices.length),
      }));
      for (const notice of notices) leaveLater(notice.id);
    },
    dismiss: (id) => set((s) => ({ shown: s.shown.filter((n) => n.id !== id) })),
    read: () => set({ unread: 0 }),
    hold(on) {
      set({ held: on });
      if (on) return;
      for (const id of due) leaveLater(id);
      due.clear();
    },
  };
});
onProfileReset(() => {
  due.clear();
  useNotices.setState({ shown: [], kept: [], unread: 0 });
});
