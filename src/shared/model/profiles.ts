import type { OAuthRedirect, OAuthState } from './oauth';

/** The profiles (accounts) as the page sees them: never a secret. */

export type Region = 'demo' | 'global' | 'eu' | 'custom';

/** A profile as the renderer sees it: never a secret, only the key's last 4 characters. */
export interface ProfileSummary {
  id: string;
  name: string;
  region: Region;
  baseUrl: string;
  isDemo: boolean;
  /** Last 4 characters of the API key. */
  keyHint?: string;
  /** Unix ms of the last successful verification. */
  verifiedAt?: number;
  /** Capabilities the key lacks, e.g. "Earn (flex)". */
  missingPermissions: string[];
  oauth: OAuthState;
}

export interface KeychainState {
  available: boolean;
  message?: string;
  fix?: string;
}

export interface ProfilesState {
  profiles: ProfileSummary[];
  activeId: string;
  keychain: KeychainState;
  /** Where the OAuth redirect arrives (app-wide; main always sends it). */
  oauthRedirect?: OAuthRedirect;
  /**
   * Something the user should know from main's start: the stored active profile could not be
   * opened (what it is, why, what to do) and the app is on Demo instead; the history file was set
   * aside, or could not be opened.
   */
  notice?: string;
}
