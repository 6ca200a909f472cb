/**
 * What other screens may use of Accounts: the profiles and which one is active, and the executed
 * orders a profile's partner (OAuth) connection gives.
 */
export { activeProfile, useProfilesStore } from './profilesStore';
export { usePartnerHistory } from './partnerHistoryStore';
