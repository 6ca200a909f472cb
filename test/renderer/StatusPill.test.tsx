import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StatusPill } from '../../src/renderer/features/status/StatusPill';
import { useStatusStore } from '../../src/renderer/features/status/statusStore';
import { setDesk } from '../../src/renderer/lib/desk';
import type { ExchangeStatus, StreamStatus } from '../../src/shared/model';
import { fakeDesk } from './fakeDesk';
import { afterPaint, holdPaints } from './paint';

const base = 'http://127.0.0.1:9';

beforeEach(() =>
  useStatusStore.setState({ status: undefined, stream: undefined, bridgeError: undefined }),
);
afterEach(() => {
  cleanup();
  setDesk(undefined);
});

describe('StatusPill', () => {
  it('asks main for the statuses only once the page has painted (the first screen goes first)', async () => {
    holdPaints();
    const { desk, callsTo } = fakeDesk({
      'exchange.status': async () => ({ state: 'checking', baseUrl: base }),
      'stream.status': async () => ({ mode: 'polling', since: 1 }),
    });
    setDesk(desk);
    render(<StatusPill />);
    await act(async () => {});
    expect(callsTo('exchange.status')).toHaveLength(0);
    expect(callsTo('stream.status')).toHaveLength(0);
    await afterPaint();
    expect(callsTo('exchange.status')).toHaveLength(1);
    expect(callsTo('stream.status')).toHaveLength(1);
  });

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
    await afterPaint();
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
    await afterPaint();
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

describe('StatusPill with the stream', () => {
  const online: ExchangeStatus = { state: 'online', baseUrl: base, latencyMs: 12, checkedAt: 1 };
  const since = Date.UTC(2026, 10, 24, 9, 30, 0);
  const description = () => {
    const id = screen.getByRole('status').getAttribute('aria-describedby');
    return id ? document.getElementById(id)?.textContent : undefined;
  };

  function open(stream: StreamStatus, exchange: ExchangeStatus = online) {
    const fake = fakeDesk({
      'exchange.status': async () => exchange,
      'stream.status': async () => stream,
    });
    setDesk(fake.desk);
    render(<StatusPill />);
    return fake;
  }

  it('says Live with the latency once main reports the stream live, and since when', async () => {
    open({ mode: 'live', since });
    expect(await screen.findByText('Live · 12 ms')).toBeTruthy();
    expect(screen.getByRole('status').className).toContain('status-online');
    expect(description()).toContain(`Live since ${new Date(since).toLocaleTimeString()}`);
    expect(screen.getByRole('status').title).toBe(description());
  });

  it('says which market’s book is not live while the rest is', async () => {
    open({ mode: 'live', since, noBook: { market: 'BTC_USDT', retryInMs: 4_000 } });
    expect(await screen.findByText('Live · 12 ms')).toBeTruthy();
    expect(description()).toContain(
      'No live book for BTC/USDT: the exchange refused it; asked again in 4 s',
    );
  });

  it('says Polling with the reason in its description, and follows pushes between the modes', async () => {
    const { emit } = open({ mode: 'live', since });
    await screen.findByText('Live · 12 ms');
    act(() =>
      emit('stream.status', { mode: 'polling', since: since + 1000, reason: 'stream closed' }),
    );
    expect(screen.getByText('Polling · 12 ms')).toBeTruthy();
    expect(screen.getByRole('status').className).toContain('status-polling');
    expect(description()).toContain('stream closed');
    expect(description()).toContain(`Polling since ${new Date(since + 1000).toLocaleTimeString()}`);
    act(() => emit('stream.status', { mode: 'live', since: since + 2000 }));
    expect(screen.getByText('Live · 12 ms')).toBeTruthy();
  });

  it("says Offline with the stream's reason, one pill even when the last check answered", async () => {
    open({ mode: 'offline', since, reason: 'exchange unreachable' });
    expect(await screen.findByText('Offline')).toBeTruthy();
    expect(screen.getByText('exchange unreachable')).toBeTruthy();
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status').className).toContain('status-offline');
    expect(screen.queryByText(/Online/)).toBeNull();
  });

  it('is Offline, not Polling, when the exchange check says offline while the stream polls', async () => {
    open(
      { mode: 'polling', since, reason: 'reconnecting' },
      { state: 'offline', baseUrl: base, reason: 'connection refused', checkedAt: 2 },
    );
    expect(await screen.findByText('Offline')).toBeTruthy();
    expect(screen.getByText('reconnecting')).toBeTruthy();
    expect(screen.queryByText(/Polling/)).toBeNull();
  });
});
