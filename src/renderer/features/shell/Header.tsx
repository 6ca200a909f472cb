import { useEffect } from 'react';
import { StatusPill } from '../status/StatusPill';
import { SCREENS, useShellStore } from './shellStore';

export function Header() {
  const screen = useShellStore((s) => s.screen);
  const info = useShellStore((s) => s.info);
  const infoError = useShellStore((s) => s.infoError);
  const loadInfo = useShellStore((s) => s.loadInfo);
  useEffect(() => void loadInfo(), [loadInfo]);
  const title = SCREENS.find((s) => s.id === screen)?.label ?? '';

  return (
    <header className="header">
      <h1>{title}</h1>
      <div className="header-right">
        <div className="profile" data-testid="active-profile" title={infoError}>
          <span className="profile-label">Profile</span>
          <span className="profile-name">
            {info ? info.profile.name : infoError ? 'Unavailable' : '…'}
          </span>
        </div>
        <StatusPill />
      </div>
    </header>
  );
}
