import { z } from 'zod';
import { channel, credential, profileId } from './common';
import type { OAuthConnectStart, ProfilesState } from '../model';

/** A profile's OAuth partner connection (the order history through accounts/orders). */
export const oauth = {
  /** Partner client id and secret, kept in the keychain. */
  setPartner: channel<ProfilesState>()(
    z.object({
      profileId,
      clientId: credential('Paste the client id.', 256),
      clientSecret: credential('Paste the client secret.', 512),
    }),
  ),
  /** Starts the authorize flow; completion arrives as a `profiles.changed` event. */
  connect: channel<OAuthConnectStart>()(z.object({ profileId })),
  disconnect: channel<ProfilesState>()(z.object({ profileId })),
} as const;
