import { create } from 'zustand';
import type { ProfileSummary, ProfilesState } from '../../../shared/model';
import { asDeskError } from '../../../shared/errors';
import { getDesk } from '../../lib/desk';

interface ProfilesStore {
  state: ProfilesState | undefined;
  /** Unix ms of the last answer from main. */
  fetchedAt: number | undefined;
  error: string | undefined;
  /** Loads the profiles and follows `profiles.changed`; returns the unsubscribe. */
  connect(): () => void;
  /** Takes a fresh state returned by a profiles/oauth channel. */
  set(state: ProfilesState): void;
}

export const useProfilesStore = create<ProfilesStore>()((set) => ({
  state: undefined,
  fetchedAt: undefined,
  error: undefined,
  connect() {
    const desk = getDesk();
    const unsubscribe = desk.on('profiles.changed', (state) =>
      set({ state, fetchedAt: Date.now(), error: undefined }),
    );
    desk.profiles
      .list()
      .then((state) => set({ state, fetchedAt: Date.now(), error: undefined }))
      .catch((error: unknown) => set({ error: asDeskError(error).message }));
    return unsubscribe;
  },
  set: (state) => set({ state, fetchedAt: Date.now(), error: undefined }),
}));

/** The active profile, derived from the state. */
export function activeProfile(state: ProfilesState | undefined): ProfileSummary | undefined {
  return state?.profiles.find((p) => p.id === state.activeId);
}
