import { Suspense, useEffect, useState } from 'react';
import { lazyNamed } from '../../lib/lazyNamed';
import { AddAccountForm } from './AddAccountForm';
import { fullDate, relativeTime } from './format';
import { KeychainBanner } from './KeychainBanner';
import { ProfileCard } from './ProfileCard';
import { SubAccountsSection } from './SubAccountsSection';
import { SubAccountFunds } from './SubAccountFunds';
import { useProfilesStore } from './profilesStore';
import { useNow } from '../../lib/useNow';

/** The app lock's settings card: a chunk of its own, with the form checks it carries. */
const LockSettings = lazyNamed(() => import('./LockSettings'), 'LockSettings');

/** The Accounts screen: profiles and their keys, adding one, partner apps, and the app lock. */
export function AccountsView() {
  const state = useProfilesStore((s) => s.state);
  const fetchedAt = useProfilesStore((s) => s.fetchedAt);
  const error = useProfilesStore((s) => s.error);
  const connect = useProfilesStore((s) => s.connect);
  const reload = useProfilesStore((s) => s.reload);
  useEffect(() => connect(), [connect]);
  const now = useNow();
  // The notice main sends (e.g. a stored profile not opened at start); dismissed for this screen.
  const [dismissed, setDismissed] = useState<string | undefined>();
  const notice = state?.notice !== dismissed ? state?.notice : undefined;

  return (
    <div className="accounts">
      {state && !state.keychain.available ? <KeychainBanner keychain={state.keychain} /> : null}
      {notice ? (
        <div className="banner banner-bad" role="status" data-testid="profiles-notice">
          <p>{notice}</p>
          <button type="button" className="btn btn-secondary" onClick={() => setDismissed(notice)}>
            Dismiss
          </button>
        </div>
      ) : null}
      <div className="accounts-grid">
        <section className="accounts-list" aria-labelledby="profiles-title">
          <div className="section-head">
            <h2 id="profiles-title">Your accounts</h2>
            {fetchedAt && state ? (
              <span className="muted small" title={fullDate(fetchedAt)}>
                Updated {relativeTime(fetchedAt, now)}
              </span>
            ) : null}
          </div>
          {/* Issue 34 item 7: the API tells no app what a key may do, so this is said, not checked. */}
          <p className="muted small" role="note" data-testid="no-withdrawals-note">
            Exchange Desk never withdraws. Give the keys you add here no withdrawal permission: a
            key that cannot withdraw cannot empty the account if it leaks. The exchange’s API does
            not tell an app what a key may do, so the app cannot check it for you: look at the key’s
            permissions in the exchange’s API settings.
          </p>
          {error ? (
            <div className="banner banner-bad" role="alert">
              <p>The accounts could not be loaded: {error}</p>
              <button type="button" className="btn btn-secondary" onClick={() => void reload()}>
                Try again
              </button>
            </div>
          ) : null}
          {state ? (
            <ul className="profile-list">
              {state.profiles.map((profile) => (
                <ProfileCard
                  key={profile.id}
                  profile={profile}
                  active={profile.id === state.activeId}
                  now={now}
                />
              ))}
            </ul>
          ) : !error ? (
            <div className="profile-list" aria-busy="true" aria-label="Loading accounts">
              <div className="card skeleton" />
              <div className="card skeleton" />
            </div>
          ) : null}
        </section>
        <div className="accounts-side">
          <AddAccountForm />
          <Suspense fallback={<div className="card skeleton" aria-busy="true" />}>
            <LockSettings />
          </Suspense>
        </div>
      </div>
      <SubAccountsSection />
      <SubAccountFunds />
    </div>
  );
}
