import { StatusPill } from '../status';
import { activeProfile, useProfilesStore } from '../accounts';
import { SCREENS, useShellStore } from '../../lib/shellStore';
import { useSettings } from '../../lib/settingsStore';
import { useConnectAfterPaint } from '../../lib/useAfterPaint';
import { useLockStore } from '../lock';

const MOD = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform) ? '⌘' : 'Ctrl+';

function HeaderActions() {
  const refresh = useShellStore((s) => s.refresh);
  const lockSet = useLockStore((s) => s.state?.enabled === true && !s.state.locked);
  const lockNow = useLockStore((s) => s.lockNow);
  const privacy = useSettings((s) => s.privacy);
  const setPrivacy = useSettings((s) => s.setPrivacy);
  return (
    <div className="header-actions">
      <button
        type="button"
        className="btn btn-secondary btn-small"
        onClick={() => void refresh?.()}
        disabled={!refresh}
        title={`Refresh (${MOD}R)`}
      >
        Refresh
      </button>
      <button
        type="button"
        className={`btn btn-secondary btn-small ${privacy ? 'pressed' : ''}`}
        aria-pressed={privacy}
        onClick={() => setPrivacy(!privacy)}
        title={`Hide all amounts (${MOD}Shift+P)`}
      >
        {privacy ? 'Amounts hidden' : 'Hide amounts'}
      </button>
      {lockSet ? (
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => void lockNow().catch(() => undefined)}
          title="Lock Exchange Desk now (the passcode opens it again)"
        >
          Lock now
        </button>
      ) : null}
    </div>
  );
}

export function Header() {
  const screen = useShellStore((s) => s.screen);
  const profiles = useProfilesStore((s) => s.state);
  const profilesError = useProfilesStore((s) => s.error);
  const connect = useProfilesStore((s) => s.connect);
  useConnectAfterPaint(connect);
  const active = activeProfile(profiles);
  const title = SCREENS.find((s) => s.id === screen)?.label ?? '';

  return (
    <header className="header">
      <h1>{title}</h1>
      <div className="header-right">
        <div className="profile" data-testid="active-profile" title={profilesError}>
          <span className="profile-label">Profile</span>
          <span className="profile-name">
            {active ? active.name : profilesError ? 'Unavailable' : '…'}
          </span>
        </div>
        {active?.isDemo ? (
          <span
            className="badge demo-mark"
            data-testid="demo-mark"
            title="The built-in demo exchange on this computer: balances and orders are simulated. Add your account on the Accounts screen."
          >
            Demo<span className="demo-mark-detail"> · no real funds</span>
          </span>
        ) : null}
        <HeaderActions />
        <StatusPill />
      </div>
    </header>
  );
}
