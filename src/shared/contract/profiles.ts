import { z } from 'zod';
import { channel, credential, event, noInput, profileId } from './common';
import type { ProfilesState, ProfileSummary } from '../model';

const profileName = z
  .string()
  .trim()
  .min(1, 'Give the account a name.')
  .max(40, 'Use at most 40 characters.');

export const oauthPort = z
  .number({ message: 'Enter a port number from 1024 to 65535.' })
  .int('Enter a port number from 1024 to 65535.')
  .min(1024, 'Use a port from 1024 to 65535 (lower ones are reserved).')
  .max(65535, 'Use a port from 1024 to 65535.');

export const addProfileInput = z
  .object({
    name: profileName,
    region: z.enum(['global', 'eu', 'custom'], { message: 'Choose a region.' }),
    customUrl: z.string().trim().optional(),
    apiKey: credential('Paste the API key.', 256),
    apiSecret: credential('Paste the API secret.', 512),
  })
  .refine((v) => v.region !== 'custom' || (v.customUrl ?? '') !== '', {
    path: ['customUrl'],
    message: 'Enter the exchange address, e.g. https://exchange.example.',
  });

/** The profiles (accounts): their names, keys (stored, never sent back), the active one. */
export const profiles = {
  list: channel<ProfilesState>()(noInput),
  /** Verifies the key with a harmless signed call; stores it only when it works. */
  add: channel<ProfilesState>()(addProfileInput),
  rename: channel<ProfilesState>()(z.object({ id: profileId, name: profileName })),
  /** Deletes the profile and its keychain entry. */
  remove: channel<ProfilesState>()(z.object({ id: profileId })),
  verify: channel<ProfileSummary>()(z.object({ id: profileId })),
  activate: channel<ProfilesState>()(z.object({ id: profileId })),
  /** Restores the built-in demo exchange to its seed (balances, orders, flex, sub-accounts). */
  resetDemo: channel<ProfilesState>()(noInput),
  /** The port of the OAuth redirect listener (app-wide); the redirect URI follows from it. */
  setOAuthPort: channel<ProfilesState>()(z.object({ port: oauthPort })),
} as const;

export const profilesEvents = {
  'profiles.changed': event<ProfilesState>(),
} as const;
