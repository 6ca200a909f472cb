import { useEffect, useId, useRef, useState } from 'react';
import { MAIN_ACCOUNT, type CountedAccount } from '../../../shared/model';
import { asDeskError } from '../../../shared/errors';
import { useOverviewAccounts, sameAccounts } from './overviewAccountsStore';
import { useOverviewStore } from './overviewStore';

/** What the control's button says the Overview counts. */
function scopeLabel(counted: readonly string[], all: number, choices: CountedAccount[]): string {
  if (counted.length === all) return `All accounts (${all})`;
  if (counted.length === 1) {
    return choices.find((c) => c.id === counted[0])?.alias ?? '1 account';
  }
  return `${counted.length} of ${all} accounts`;
}

/**
 * "Accounts: Main account ▾" on the Overview (issue 34 item 4): a button that opens a checkbox per
 * account (the main account, each sub-account by its alias). Each change is kept by main (per
 * profile, across restarts) and the Overview reloads over the accounts chosen; at least one stays
 * counted. Escape or a click outside closes it, focus back on the button. Without sub-accounts
 * there is nothing to choose and nothing is shown.
 */
export function AccountsFilter() {
  const view = useOverviewAccounts((s) => s.data);
  const choose = useOverviewAccounts((s) => s.choose);
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string>();
  /** The choice on its way to main: shown at once, back to the kept one if main refuses it. */
  const [pending, setPending] = useState<string[]>();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!useOverviewAccounts.getState().used) void useOverviewAccounts.getState().load();
  }, []);
  // The kept choice, once known, is what the Overview shows: asked again when it differs.
  useEffect(() => {
    if (!view) return;
    const overview = useOverviewStore.getState();
    const shown = overview.data?.accounts?.map((a) => a.id) ?? [MAIN_ACCOUNT];
    if (overview.used && !sameAccounts(shown, view.counted)) void overview.refresh();
  }, [view]);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  if (!view || view.choices.length < 2) return null;
  const { choices } = view;
  const counted = pending ?? view.counted;
  const saving = pending !== undefined;

  const toggle = async (id: string, on: boolean) => {
    const next = on
      ? choices.map((c) => c.id).filter((c) => c === id || counted.includes(c))
      : counted.filter((c) => c !== id);
    setPending(next);
    setFailure(undefined);
    try {
      await choose(next);
    } catch (error) {
      setFailure(asDeskError(error).message);
    } finally {
      setPending(undefined);
    }
  };

  return (
    <div
      className="ov-accounts"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="btn btn-secondary btn-small ov-accounts-button"
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="overview-accounts"
        onClick={() => setOpen((o) => !o)}
      >
        Accounts: {scopeLabel(counted, choices.length, choices)} <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div ref={panel} id={panelId} className="ov-accounts-panel">
          <fieldset aria-busy={saving}>
            <legend>Accounts counted</legend>
            {choices.map((choice) => {
              const on = counted.includes(choice.id);
              return (
                <label key={choice.id} className="ov-accounts-choice">
                  <input
                    type="checkbox"
                    checked={on}
                    // The last account counted stays: an Overview of nothing says nothing.
                    disabled={saving || (on && counted.length === 1)}
                    onChange={(e) => void toggle(choice.id, e.target.checked)}
                  />
                  {choice.alias || choice.id}
                </label>
              );
            })}
          </fieldset>
          {failure ? (
            <p className="field-error" role="alert">
              {failure}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The note under the total when it does not count every account: which ones it leaves out (the
 * Overview's own answer says which it counted).
 */
export function AccountsNote({ shown }: { shown: CountedAccount[] | undefined }) {
  const choices = useOverviewAccounts((s) => s.data?.choices);
  if (!choices || choices.length < 2) return null;
  const counted = new Set((shown ?? [{ id: MAIN_ACCOUNT }]).map((a) => a.id));
  const left = choices.filter((c) => !counted.has(c.id));
  if (left.length === 0) return null;
  const names = left.map((c) => c.alias || c.id).join(', ');
  return (
    <p className="ov-note" data-testid="overview-accounts-note">
      Not counted: {names} ({left.length} of {choices.length} accounts). Choose them under Accounts.
    </p>
  );
}
