import type { OAuthTokens } from '../../../shared/model';
import {
  asScope,
  asText,
  int,
  isPlainObject,
  parserOf,
  record,
  routed,
  token,
  withDefault,
} from './primitives';

/** OAuth tokens, from the token and refresh endpoints. */

const tokenFields = record({
  accessToken: token,
  expiresIn: int,
  refreshToken: token,
  scope: withDefault('a list of scopes', asScope, [] as string[]),
  tokenType: withDefault('a string', asText, 'Bearer'),
}).transform((t): OAuthTokens => ({
  accessToken: t.accessToken,
  expiresIn: t.expiresIn,
  refreshToken: t.refreshToken,
  scope: t.scope,
  tokenType: t.tokenType,
}));

/** `{data: {access_token, ...}}` (§8); a bare token object (standard OAuth) is accepted too. */
const oauthTokensSchema = routed<OAuthTokens>((value) =>
  isPlainObject(value) && 'data' in value
    ? record({ data: tokenFields }).transform((r) => r.data)
    : tokenFields,
);

export const parseOAuthTokens = parserOf<OAuthTokens>(oauthTokensSchema, '/oauth2/token');
