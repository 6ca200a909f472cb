/** What other screens may use of Accounts: the profiles and which one is active. */
export { activeProfile, NEEDS_KEYCHAIN, useKeychainReady, useProfilesStore } from './profilesStore';
