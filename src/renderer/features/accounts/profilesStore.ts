import { create } from 'zustand';
import type { ChannelInput } from '../../../shared/contract';
import type { OAuthConnectStart, ProfileSummary, ProfilesState } from '../../../shared/model';
import { asDeskError } from '../../../shared/errors';
import { getDesk } from '../../lib/desk';
import { mutate, resetProfileData } from '../../lib/remote';

interface ProfilesStore {
  state: ProfilesState | undefined;
  /** Unix ms of the last answer from main. */
  fetchedAt: number | undefined;
  error: string | undefined;
  /** Loads the profiles and follows `profiles.changed`; returns the unsubscribe. */
  connect(): () => void;
  /** Takes a fresh state returned by a profiles/oauth channel. */
  set(state: ProfilesState): void;
  /** Loads the profiles again (after an error). */
  reload(): Promise<void>;
  /**
   * The actions below call main and take the state it answers with. They reject with the
   * DeskError main answered with. Nothing they are given is kept (the key and secret pass through).
   */
  add(input: ChannelInput<'profiles.add'>): Promise<ProfilesState>;
  rename(id: string, name: string): Promise<void>;
  remove(id: string): Promise<void>;
  resetDemo(): Promise<void>;
  activate(id: string): Promise<void>;
  verify(id: string): Promise<ProfileSummary>;
  setPartner(input: ChannelInput<'oauth.setPartner'>): Promise<void>;
  disconnect(profileId: string): Promise<void>;
  /** The port of the OAuth redirect listener (app-wide). */
  setOAuthPort(port: number): Promise<void>;
  /** Starts the partner app's authorize flow; completion arrives as `profiles.changed`. */
  connectOAuth(profileId: string): Promise<OAuthConnectStart>;
}

export const useProfilesStore = create<ProfilesStore>()((set, get) => ({
  state: undefined,
  fetchedAt: undefined,
  error: undefined,
  connect() {
    const desk = getDesk();
    const unsubscribe = desk.on('profiles.changed', (state) =>
      set({ state, fetchedAt: Date.now(), error: undefined }),
    );
    void get().reload();
    return unsubscribe;
  },
  set: (state) => set({ state, fetchedAt: Date.now(), error: undefined }),
  async reload() {
    set({ error: undefined });
    try {
      get().set(await getDesk().profiles.list());
    } catch (error) {
      set({ error: asDeskError(error).message });
    }
  },
  async add(input) {
    const state = await getDesk().profiles.add(input);
    get().set(state);
    return state;
  },
  async rename(id, name) {
    get().set(await getDesk().profiles.rename({ id, name }));
  },
  async resetDemo() {
    get().set(await mutate('profiles.resetDemo', () => getDesk().profiles.resetDemo()));
  },
  async remove(id) {
    get().set(await getDesk().profiles.remove({ id }));
  },
  async activate(id) {
    get().set(await getDesk().profiles.activate({ id }));
  },
  async verify(id) {
    const summary = await getDesk().profiles.verify({ id });
    const current = get().state;
    if (current) {
      get().set({
        ...current,
        profiles: current.profiles.map((p) => (p.id === summary.id ? summary : p)),
      });
    }
    return summary;
  },
  async setPartner(input) {
    get().set(await getDesk().oauth.setPartner(input));
  },
  async disconnect(profileId) {
    get().set(await getDesk().oauth.disconnect({ profileId }));
  },
  connectOAuth: (profileId) => getDesk().oauth.connect({ profileId }),
  async setOAuthPort(port) {
    get().set(await getDesk().profiles.setOAuthPort({ port }));
  },
}));

/** The active profile, derived from the state. */
export function activeProfile(state: ProfilesState | undefined): ProfileSummary | undefined {
  return state?.profiles.find((p) => p.id === state.activeId);
}

// Server data belongs to the active profile: when another becomes active (here, in the app, or
// pushed by main), every slot of the last profile is dropped and what is on screen reloads.
useProfilesStore.subscribe((state, previous) => {
  const now = state.state?.activeId;
  const before = previous.state?.activeId;
  if (now && before && now !== before) resetProfileData();
});

/** Whether forms that store a secret can work: false only when main said there is no keychain. */
export const useKeychainReady = (): boolean =>
  useProfilesStore((s) => s.state?.keychain.available !== false);

/** Said beside a form that needs the keychain when there is none (the banner above says why). */
export const NEEDS_KEYCHAIN = 'Needs the system keychain: see the notice at the top of Accounts.';
