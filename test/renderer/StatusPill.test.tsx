import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StatusPill } from '../../src/renderer/features/status/StatusPill';
import { useStatusStore } from '../../src/renderer/features/status/statusStore';
import { setDesk } from '../../src/renderer/lib/desk';
import type { ExchangeStatus } from '../../src/shared/model';
import { fakeDesk } from './fakeDesk';

const base = 'http://127.0.0.1:9';

beforeEach(() => useStatusStore.setState({ status: undefined, bridgeError: undefined }));
afterEach(() => {
  cleanup();
  setDesk(undefined);
});

describe('StatusPill', () => {
  it('shows Online with the latency main reports', async () => {
    const { desk } = fakeDesk({
      'exchange.status': async () => ({
        state: 'online',
        baseUrl: base,
        latencyMs: 42,
        checkedAt: Date.now(),
      }),
    });
    setDesk(desk);
    render(<StatusPill />);
    expect(await screen.findByText('Online · 42 ms')).toBeTruthy();
  });

  it('follows pushed status events: Offline with the reason', async () => {
    const { desk, emit } = fakeDesk({
      'exchange.status': async () => ({ state: 'checking', baseUrl: base }),
    });
    setDesk(desk);
    render(<StatusPill />);
    expect(await screen.findByText('Checking…')).toBeTruthy();
    const offline: ExchangeStatus = {
      state: 'offline',
      baseUrl: base,
      reason: 'connection refused',
      checkedAt: 1,
    };
    act(() => emit('exchange.status', offline));
    expect(screen.getByText('Offline')).toBeTruthy();
    expect(screen.getByText('connection refused')).toBeTruthy();
    expect(screen.getByRole('status').className).toContain('status-offline');
  });

  it('does not let a slow first answer overwrite a fresher pushed status', async () => {
    let answer: (s: ExchangeStatus) => void = () => {};
    const { desk, emit } = fakeDesk({
      'exchange.status': () => new Promise<ExchangeStatus>((resolve) => (answer = resolve)),
    });
    setDesk(desk);
    render(<StatusPill />);
    act(() =>
      emit('exchange.status', { state: 'online', baseUrl: base, latencyMs: 5, checkedAt: 2 }),
    );
    await act(async () => answer({ state: 'checking', baseUrl: base }));
    expect(screen.getByText('Online · 5 ms')).toBeTruthy();
  });

  it('says Offline with the bridge error when main cannot be reached', async () => {
    const { desk } = fakeDesk({
      'exchange.status': async () => {
        throw { code: 'BRIDGE', message: 'Failed to fetch' };
      },
    });
    setDesk(desk);
    render(<StatusPill />);
    expect(await screen.findByText('Failed to fetch')).toBeTruthy();
    expect(screen.getByText('Offline')).toBeTruthy();
  });
});
