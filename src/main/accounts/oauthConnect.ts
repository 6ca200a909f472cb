import { randomBytes } from 'node:crypto';
import type { OAuthConnectStart } from '../../shared/model';
import { authorizeUrl, type OAuthSession } from '../exchange/oauth';
import { startLoopback, type Loopback } from './loopback';

export interface ConnectRequest {
  profileId: string;
  /** The exchange the profile talks to. */
  baseUrl: string;
  clientId: string;
  /** The port of the loopback redirect listener. */
  port: number;
  /** The profile's OAuth session when the code arrives (the active one, or a fresh one). */
  session: () => OAuthSession;
}

/**
 * OAuth connect over a loopback redirect: one listener at a time (a new connect closes the one
 * waiting), the authorize page opened in the system browser when there is one, and the last
 * failure of each profile kept for the profile's summary.
 */
export class OAuthConnect {
  private pending: Loopback | undefined;
  private readonly errors = new Map<string, string>();
  /** Why a profile's connection that worked was lost, until it connects again or disconnects. */
  private readonly losses = new Map<string, string>();

  constructor(
    private readonly options: {
      /** Opens a URL in the system browser (Electron); absent in the web host. */
      openExternal?: ((url: string) => Promise<void>) | undefined;
      /** A connect ended (connected, failed or cancelled). */
      settled: () => void;
    },
  ) {}

  /** The last connect failure of a profile, if its last connect failed. */
  error(profileId: string): string | undefined {
    return this.errors.get(profileId);
  }

  /** Why the profile's connection was lost (expired, renewal refused), if it was. */
  lost(profileId: string): string | undefined {
    return this.losses.get(profileId);
  }

  markLost(profileId: string, why: string): void {
    this.losses.set(profileId, why);
  }

  /** Opens the authorize page and waits (in the background) for the loopback redirect. */
  async start(request: ConnectRequest): Promise<OAuthConnectStart> {
    const { profileId } = request;
    // The previous listener lets go of the port before the new one takes it.
    await this.pending?.close();
    const state = randomBytes(16).toString('base64url');
    const loopback = await startLoopback(state, { port: request.port });
    this.pending = loopback;
    const url = authorizeUrl(request.baseUrl, request.clientId, state, loopback.redirectUri);
    this.errors.delete(profileId);
    this.losses.delete(profileId);
    void loopback.code
      .then((code) => request.session().connect(code))
      .catch((error: unknown) => {
        if (error instanceof Error && error.message === 'Cancelled.') return;
        this.errors.set(profileId, error instanceof Error ? error.message : String(error));
      })
      .finally(() => {
        if (this.pending === loopback) this.pending = undefined;
        this.options.settled();
      });
    let openedExternally = false;
    if (this.options.openExternal) {
      await this.options.openExternal(url);
      openedExternally = true;
    }
    return { authorizeUrl: url, openedExternally };
  }

  /** Stops a connect waiting and forgets the profile's last failure. */
  async cancel(profileId: string): Promise<void> {
    await this.pending?.close();
    this.errors.delete(profileId);
    this.losses.delete(profileId);
  }

  close(): void {
    void this.pending?.close();
  }
}
