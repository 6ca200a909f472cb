import { useEffect } from 'react';
import { StatusPill } from '../status/StatusPill';
import { activeProfile, useProfilesStore } from '../accounts/profilesStore';
import { SCREENS, useShellStore } from './shellStore';

export function Header() {
  const screen = useShellStore((s) => s.screen);
  const profiles = useProfilesStore((s) => s.state);
  const profilesError = useProfilesStore((s) => s.error);
  const connect = useProfilesStore((s) => s.connect);
  useEffect(() => connect(), [connect]);
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
        <StatusPill />
      </div>
    </header>
  );
}
