/** A profile's OAuth partner connection. */

export interface OAuthState {
  /** Partner client id and secret are saved (in the keychain). */
  partnerConfigured: boolean;
  connected: boolean;
  /** Unix ms. */
  accessExpiresAt?: number;
  refreshExpiresAt?: number;
  /** Why the last connect attempt failed. */
  error?: string;
  /** Why a connection that worked was lost (it expired, the exchange refused to renew it). */
  lost?: string;
}

/** The loopback listener of the OAuth connect flow. */
export interface OAuthRedirect {
  /** 1024-65535; 53682 unless the user chose another. */
  port: number;
  /** `http://127.0.0.1:<port>/callback`: the redirect URI to register in the partner app. */
  redirectUri: string;
}

export interface OAuthConnectStart {
  authorizeUrl: string;
  /** True when main opened it in the system browser; false: the page should open it (web host). */
  openedExternally: boolean;
}

export interface OAuthTokens {
  accessToken: string;
  /** Lifetime of the access token in seconds. */
  expiresIn: number;
  refreshToken: string;
  scope: string[];
  /** "Bearer". */
  tokenType: string;
}
