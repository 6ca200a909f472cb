/** What other screens may use of Accounts: the profiles and which one is active. */
export { activeProfile, useProfilesStore } from './profilesStore';
