import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountsView } from '../../../src/renderer/features/accounts/AccountsView';
import { useLockStore } from '../../../src/renderer/features/lock/lockStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import type { ExecutedOrder, ProfileSummary } from '../../../src/shared/model';
import { fakeDesk, type FakeImpl } from '../fakeDesk';
import { demo, profile, profilesState, resetStores, unlocked } from './fixtures';

const openSpy = vi.fn();
beforeEach(() => {
  resetStores();
  useLockStore.setState({ state: unlocked });
  openSpy.mockReset();
  vi.stubGlobal('open', openSpy);
});
afterEach(() => {
  cleanup();
  setDesk(undefined);
  vi.unstubAllGlobals();
});

const main = profile();
const withOAuth = (oauth: Partial<ProfileSummary['oauth']>): ProfileSummary => ({
  ...main,
  oauth: { partnerConfigured: true, connected: false, ...oauth },
});

async function setup(first: ProfileSummary, impl: FakeImpl = {}) {
  const fake = fakeDesk({
    'profiles.list': async () => profilesState([demo, first], { activeId: 'p-1' }),
    ...impl,
  });
  setDesk(fake.desk);
  render(<AccountsView />);
  const card = await screen.findByRole('listitem', { name: 'Main' });
  const section = within(card).getByRole('region', { name: 'Partner app (order history) of Main' });
  return { fake, section: within(section) };
}

const order = (market: string, orderId: number): ExecutedOrder => ({
  orderId,
  clientOrderId: '',
  market,
  side: 'buy',
  type: 'limit',
  price: '1',
  amount: '1',
  dealStock: '1',
  dealMoney: '1',
  dealFee: '0',
  timestamp: 1,
});

describe('Partner app (OAuth)', () => {
  it('asks for the partner app first: checks the fields, then saves and clears the secret', async () => {
    const { fake, section } = await setup(main, {
      'oauth.setPartner': async () => profilesState([demo, withOAuth({})], { activeId: 'p-1' }),
    });
    fireEvent.click(section.getByRole('button', { name: 'Save partner app' }));
    expect(section.getByText('Paste the client id.')).toBeTruthy();
    expect(section.getByText('Paste the client secret.')).toBeTruthy();
    expect(fake.callsTo('oauth.setPartner')).toHaveLength(0);
    const secret = section.getByLabelText('Client secret') as HTMLInputElement;
    expect(secret.type).toBe('password');

    fireEvent.change(section.getByLabelText('Client id'), { target: { value: 'cid' } });
    fireEvent.change(secret, { target: { value: 'csecret' } });
    fireEvent.click(section.getByRole('button', { name: 'Save partner app' }));
    expect(await section.findByRole('button', { name: 'Connect' })).toBeTruthy();
    expect(fake.callsTo('oauth.setPartner')).toEqual([
      { profileId: 'p-1', clientId: 'cid', clientSecret: 'csecret' },
    ]);
  });

  it('puts a server error about the client id under that field', async () => {
    const { section } = await setup(main, {
      'oauth.setPartner': async () => {
        throw { code: 'INVALID_INPUT', message: 'x', fields: { clientId: ['Unknown client id.'] } };
      },
    });
    fireEvent.change(section.getByLabelText('Client id'), { target: { value: 'cid' } });
    fireEvent.change(section.getByLabelText('Client secret'), { target: { value: 's' } });
    fireEvent.click(section.getByRole('button', { name: 'Save partner app' }));
    expect(await section.findByText('Unknown client id.')).toBeTruthy();
    expect(section.getByLabelText('Client id').getAttribute('aria-invalid')).toBe('true');
    expect((section.getByLabelText('Client secret') as HTMLInputElement).value).toBe('s');
  });

  it('web host: opens the authorize page itself, waits, and shows Connected when main says so', async () => {
    const { fake, section } = await setup(withOAuth({}), {
      'oauth.connect': async () => ({
        authorizeUrl: 'http://127.0.0.1:9/auth/login?x=1',
        openedExternally: false,
      }),
    });
    fireEvent.click(section.getByRole('button', { name: 'Connect' }));
    expect(await section.findByText('Waiting for approval in your browser…')).toBeTruthy();
    expect(openSpy).toHaveBeenCalledWith(
      'http://127.0.0.1:9/auth/login?x=1',
      '_blank',
      'noopener,noreferrer',
    );
    // An unrelated push (still not connected) keeps it waiting.
    act(() =>
      fake.emit('profiles.changed', profilesState([demo, withOAuth({})], { activeId: 'p-1' })),
    );
    expect(section.getByText('Waiting for approval in your browser…')).toBeTruthy();
    const expires = Date.now() + 30 * 86_400_000;
    act(() =>
      fake.emit(
        'profiles.changed',
        profilesState([demo, withOAuth({ connected: true, refreshExpiresAt: expires })], {
          activeId: 'p-1',
        }),
      ),
    );
    expect(section.queryByText('Waiting for approval in your browser…')).toBeNull();
    expect(section.getByText(/renews itself while the app is in use/)).toBeTruthy();
    // Not an alarm: the date is when an unused connection would lapse.
    expect(section.queryByText(/connection expires/)).toBeNull();
    expect(section.getByText(/if unused until/)).toBeTruthy();
  });

  it('Electron: does not open a window when main opened the browser; shows the error main reports', async () => {
    const { fake, section } = await setup(withOAuth({ error: 'old failure' }), {
      'oauth.connect': async () => ({ authorizeUrl: 'https://x.example', openedExternally: true }),
    });
    fireEvent.click(section.getByRole('button', { name: 'Connect' }));
    expect(await section.findByText('Waiting for approval in your browser…')).toBeTruthy();
    expect(section.queryByText(/old failure/)).toBeNull();
    expect(openSpy).not.toHaveBeenCalled();
    act(() =>
      fake.emit(
        'profiles.changed',
        profilesState([demo, withOAuth({ error: 'The user denied access.' })], {
          activeId: 'p-1',
        }),
      ),
    );
    expect(section.queryByText('Waiting for approval in your browser…')).toBeNull();
    expect(section.getByRole('alert').textContent).toContain('The user denied access.');
  });

  it('loads the order history and counts the orders over all markets', async () => {
    let fail = false;
    const { fake, section } = await setup(withOAuth({ connected: true, refreshExpiresAt: 2e12 }), {
      'orders.partnerHistory': async () => {
        if (fail) throw { code: 'OAUTH_EXPIRED', message: 'Connect the partner app again.' };
        return {
          BTC_USDT: [order('BTC_USDT', 1), order('BTC_USDT', 2)],
          ETH_USDT: [order('ETH_USDT', 3)],
        };
      },
    });
    fireEvent.click(section.getByRole('button', { name: 'Load order history' }));
    expect(await section.findByText(/3 orders in the history/)).toBeTruthy();
    // One call asks for the endpoint's largest page, so the count is not a default page size.
    expect(fake.callsTo('orders.partnerHistory')).toEqual([{ limit: 500 }]);
    fail = true;
    fireEvent.click(section.getByRole('button', { name: 'Load order history' }));
    expect((await section.findByRole('alert')).textContent).toBe('Connect the partner app again.');
  });

  it('disconnects, and can show the partner form again', async () => {
    const { fake, section } = await setup(withOAuth({ connected: true, refreshExpiresAt: 2e12 }), {
      'oauth.disconnect': async () => profilesState([demo, withOAuth({})], { activeId: 'p-1' }),
    });
    fireEvent.click(section.getByRole('button', { name: 'Change partner app' }));
    expect(section.getByLabelText('Client id')).toBeTruthy();
    fireEvent.click(section.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(section.getByRole('button', { name: 'Disconnect' }));
    expect(await section.findByRole('button', { name: 'Connect' })).toBeTruthy();
    expect(fake.callsTo('oauth.disconnect')).toEqual([{ profileId: 'p-1' }]);
  });
});
