import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PowerEvent, ProfilesState } from '../../../src/shared/model';
import { startMainCore } from '../../support/core';
import { freePort } from '../../support/ports';

afterEach(() => {
  vi.useRealTimers();
});

describe('sleep and wake (core.suspend / core.resume)', () => {
  it('wake refreshes a partner token that expired during the sleep, then tells the page', async () => {
    const { core, call } = await startMainCore({ demoExchange: { control: true } });
    await call('profiles.setOAuthPort', { port: await freePort() });
    const connected = new Promise<void>((done) =>
      core.events.subscribe((event, payload) => {
        if (event === 'profiles.changed' && (payload as ProfilesState).profiles[0]?.oauth.connected)
          done();
      }),
    );
    const { authorizeUrl } = await call<{ authorizeUrl: string }>('oauth.connect', {
      profileId: 'demo',
    });
    const url = new URL(authorizeUrl);
    await fetch(`${core.demoExchange.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        clientId: core.demoExchange.oauthClientId,
        state: url.searchParams.get('state')!,
        redirect_uri: url.searchParams.get('redirect_uri')!,
      }).toString(),
    });
    await connected;

    const power: PowerEvent['state'][] = [];
    core.events.subscribe((event, payload) => {
      if (event === 'app.power') power.push((payload as PowerEvent).state);
    });
    const refreshes = () =>
      core.demoExchange.requestLog().filter((r) => r.path === '/oauth2/refresh_token').length;

    core.suspend();
    expect(power).toEqual(['suspended']);
    // A wake right away: the token is fresh, nothing to refresh.
    await core.resume();
    expect(refreshes()).toBe(0);

    // Four and a half minutes of sleep: the 5-minute access token is within a minute of expiry.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 270_000 });
    core.suspend();
    await core.resume();
    expect(refreshes()).toBe(1);
    expect(power).toEqual(['suspended', 'resumed', 'suspended', 'resumed']);
  });

  it('wake without a partner connection just re-checks the exchange', async () => {
    const { core } = await startMainCore();
    const statuses: string[] = [];
    core.events.subscribe((event, payload) => {
      if (event === 'exchange.status') statuses.push((payload as { state: string }).state);
    });
    core.suspend();
    await core.resume();
    await vi.waitFor(() => expect(statuses).toContain('online'));
  });
});
