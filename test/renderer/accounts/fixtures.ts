import { useProfilesStore } from '../../../src/renderer/features/accounts/profilesStore';
import { useLockStore } from '../../../src/renderer/features/lock/lockStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import type {
  LockState,
  ProfileSummary,
  ProfilesState,
  SubAccount,
} from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';

export const demo: ProfileSummary = {
  id: 'demo',
  name: 'Demo',
  region: 'demo',
  baseUrl: 'http://127.0.0.1:9',
  isDemo: true,
  keyHint: 'e1b6',
  missingPermissions: [],
  oauth: { partnerConfigured: true, connected: false },
};

export function profile(overrides: Partial<ProfileSummary> = {}): ProfileSummary {
  return {
    id: 'p-1',
    name: 'Main',
    region: 'global',
    baseUrl: 'https://exchange.example',
    isDemo: false,
    keyHint: '1234',
    verifiedAt: Date.now() - 3 * 60_000,
    missingPermissions: [],
    oauth: { partnerConfigured: false, connected: false },
    ...overrides,
  };
}

export function profilesState(
  profiles: ProfileSummary[] = [demo],
  overrides: Partial<ProfilesState> = {},
): ProfilesState {
  return { profiles, activeId: 'demo', keychain: { available: true }, ...overrides };
}

export const unlocked: LockState = { enabled: false, locked: false, idleMinutes: 0 };

/** Stores are module singletons: start every test from nothing. */
export function resetStores(): void {
  useProfilesStore.setState({ state: undefined, fetchedAt: undefined, error: undefined });
  useLockStore.setState({ state: undefined, fetchedAt: undefined, error: undefined });
}

/** The bridge the whole app needs to open (an open lock, the profiles, a status being checked), in place. */
export function openAppDesk() {
  const fake = fakeDesk({
    'lock.status': async () => ({ enabled: true, locked: false, idleMinutes: 5 }),
    'profiles.list': async () => profilesState(),
    'exchange.status': async () => ({ state: 'checking', baseUrl: 'http://127.0.0.1:9' }),
  });
  setDesk(fake.desk);
  return fake;
}

/** The demo's first sub-account, active. */
export const BOT: SubAccount = {
  id: 'ccbaba75-0951-40f6-a1b4-9eb467309354',
  alias: 'trading-bot',
  email: 'trading-bot@demo.exchange.invalid',
  status: 'active',
};
