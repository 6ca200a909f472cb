import { KillSwitchKeeper } from '../../../src/main/services/killSwitchKeeper';
import { PriceAlertService } from '../../../src/main/services/priceAlerts';
import { MiningAlertPoller } from '../../../src/main/services/miningAlertPoller';
import { MiningRewardsService } from '../../../src/main/services/miningRewards';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * A stand-in `electron` whose ipcMain keeps its handlers in a Map and, like the real one, refuses
 * a second handler for a name.
 */
const fake = vi.hoisted(() => {
  type Handler = (event: unknown, input: unknown) => Promise<unknown>;
  const handlers = new Map<string, Handler>();
  const handleCalls: string[] = [];
  return {
    handlers,
    handleCalls,
    ipcMain: {
      handle(name: string, handler: Handler): void {
        handleCalls.push(name);
        if (handlers.has(name)) {
          throw new Error(`Attempted to register a second handler for '${name}'`);
        }
        handlers.set(name, handler);
      },
      removeHandler(name: string): void {
        handlers.delete(name);
      },
    },
  };
});

vi.mock('electron', () => ({ ipcMain: fake.ipcMain }));

import { forwardEvents, isTrustedSender, registerIpc } from '../../../src/main/shell/ipc';
import { bindChannels, callChannel, GUARD, type Handlers } from '../../../src/main/core/binder';
import { createHandlers, OPEN_WHILE_LOCKED, type Services } from '../../../src/main/core/handlers';
import type { Accounts } from '../../../src/main/accounts/accounts';
import { UpdateService } from '../../../src/main/services/updates';
import { OrderJournal } from '../../../src/main/services/orderJournal';
import { PortfolioHistory } from '../../../src/main/portfolioHistory/service';
import { SnapshotRecorder } from '../../../src/main/portfolioHistory/recorder';
import { HistoryStore } from '../../../src/main/portfolioHistory/store';
import { StreamService } from '../../../src/main/stream/service';
import type { AppLock } from '../../../src/main/accounts/lock';
import { stubHandlers } from '../../support/handlers';
import { AppEvents } from '../../../src/main/core/events';
import { EVENT_IPC_CHANNEL } from '../../../src/shared/channels';
import { channelNames, type ChannelName } from '../../../src/shared/contract';
import { DeskFailure, type Envelope } from '../../../src/shared/errors';
import type { AppInfo, ExchangeStatus } from '../../../src/shared/model';

const APP_URL = 'app://desk/index.html';
const DEV_URL = 'http://localhost:5173/';

const INFO: AppInfo = { version: '9.9.9', platform: 'linux', dataDir: null };
const ONLINE: ExchangeStatus = {
  state: 'online',
  baseUrl: 'http://127.0.0.1:1',
  latencyMs: 7,
  checkedAt: 1_700_000_000_000,
};

/**
 * Services whose accounts answer the status channels without a network: enough to drive the real
 * createHandlers through the IPC layer.
 */
function fakeServices() {
  const status = { checks: 0 };
  const accounts = {
    active: () => ({
      status: {
        current: () => ({ state: 'checking', baseUrl: 'http://127.0.0.1:1' }) as ExchangeStatus,
        check: async () => {
          status.checks += 1;
          return ONLINE;
        },
      },
    }),
  } as unknown as Accounts;
  const lock = { isLocked: () => false } as unknown as AppLock;
  const updates = new UpdateService(undefined, () => undefined);
  const orderJournal = new OrderJournal(undefined);
  // Never started: it answers its status without a network.
  const stream = new StreamService({ accounts, lock, events: new AppEvents() });
  const historyStore = HistoryStore.open(undefined);
  const recorder = new SnapshotRecorder({
    store: historyStore,
    active: () => accounts.active(),
    isLocked: () => lock.isLocked(),
  });
  const portfolioHistory = new PortfolioHistory({
    store: historyStore,
    recorder,
    active: () => accounts.active(),
  });
  return {
    info: () => INFO,
    updates,
    accounts,
    lock,
    orderJournal,
    stream,
    historyStore,
    recorder,
    portfolioHistory,
    killSwitches: new KillSwitchKeeper(),
    // Never started: it polls only when asked.
    miningAlerts: new MiningAlertPoller({
      store: historyStore.miningAlerts,
      active: () => accounts.active(),
      isLocked: () => lock.isLocked(),
      emit: () => undefined,
    }),
    // Never started: it syncs only when asked.
    miningRewards: new MiningRewardsService({
      store: historyStore,
      active: () => accounts.active(),
    }),
    // Never started: it evaluates only what it is handed.
    priceAlerts: new PriceAlertService({
      store: historyStore.priceAlerts,
      active: () => accounts.active(),
      isLocked: () => lock.isLocked(),
      events: new AppEvents(),
    }),
    status,
  } satisfies Services & {
    status: { checks: number };
  };
}

type InvokeEvent = Parameters<typeof isTrustedSender>[0];
type Frame = { url: string; parent: Frame | null } | null;

function eventFrom(frame: Frame): InvokeEvent {
  return { senderFrame: frame } as unknown as InvokeEvent;
}
const topFrame = (url: string) => eventFrom({ url, parent: null });

function invoke(name: string, event: InvokeEvent, input?: unknown): Promise<Envelope<unknown>> {
  const handler = fake.handlers.get(name);
  if (!handler) throw new Error(`no handler registered for ${name}`);
  return handler(event, input) as Promise<Envelope<unknown>>;
}

/** Handlers whose every channel is a spy, so a test can see which one ran. */
function spyHandlers() {
  const spies = Object.fromEntries(
    Object.entries(
      stubHandlers({
        'app.info': async () => INFO,
        'exchange.status': async () => ONLINE,
        'exchange.checkNow': async () => ONLINE,
      }),
    ).map(([name, fn]) => [name, vi.fn(fn)]),
  );
  return spies as unknown as Handlers & Record<ChannelName, ReturnType<typeof vi.fn>>;
}

let unregister: (() => void) | undefined;

beforeEach(() => {
  fake.handlers.clear();
  fake.handleCalls.length = 0;
});

afterEach(() => {
  unregister?.();
  unregister = undefined;
  vi.restoreAllMocks();
});

describe('registerIpc', () => {
  it('registers exactly one handler per contract channel and nothing else', () => {
    unregister = registerIpc(createHandlers(fakeServices()), APP_URL);
    expect([...fake.handleCalls].sort()).toEqual([...channelNames].sort());
    expect(new Set(fake.handleCalls).size).toBe(fake.handleCalls.length);
    expect([...fake.handlers.keys()].sort()).toEqual([...channelNames].sort());
  });

  it('the returned function removes every handler it added', () => {
    const remove = registerIpc(createHandlers(fakeServices()), APP_URL);
    expect(fake.handlers.size).toBe(channelNames.length);
    remove();
    expect(fake.handlers.size).toBe(0);
  });

  it('refuses handlers that do not match the contract before registering anything', () => {
    const { 'exchange.checkNow': _dropped, ...partial } = spyHandlers();
    expect(() => registerIpc(partial as unknown as Handlers, APP_URL)).toThrow(
      /missing: exchange\.checkNow/,
    );
    expect(fake.handlers.size).toBe(0);
  });

  it('answers the app page with the real handlers', async () => {
    const services = fakeServices();
    unregister = registerIpc(createHandlers(services), APP_URL);
    await expect(invoke('app.info', topFrame(APP_URL))).resolves.toEqual({
      ok: true,
      value: INFO,
    });
    await expect(invoke('exchange.status', topFrame(`${APP_URL}#/home`))).resolves.toEqual({
      ok: true,
      value: { state: 'checking', baseUrl: 'http://127.0.0.1:1' },
    });
    await expect(invoke('exchange.checkNow', topFrame(APP_URL))).resolves.toEqual({
      ok: true,
      value: ONLINE,
    });
    expect(services.status.checks).toBe(1);
  });

  it('registers at once while the handlers are still starting; calls wait for them', async () => {
    let ready: (handlers: Handlers) => void = () => undefined;
    unregister = registerIpc(new Promise<Handlers>((resolve) => (ready = resolve)), APP_URL);
    expect([...fake.handlers.keys()].sort()).toEqual([...channelNames].sort());
    let answered = false;
    const call = invoke('app.info', topFrame(APP_URL)).then((answer) => {
      answered = true;
      return answer;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    ready(createHandlers(fakeServices()));
    await expect(call).resolves.toEqual({ ok: true, value: INFO });
  });

  it('answers every call with the reason when the core failed to start', async () => {
    unregister = registerIpc(Promise.reject(new Error('keychain exploded')), APP_URL);
    const answer = await invoke('profiles.list', topFrame(APP_URL));
    expect(answer).toEqual({
      ok: false,
      error: { code: 'INTERNAL', message: 'Exchange Desk could not start: keychain exploded' },
    });
    // The sender check still comes first.
    const foreign = await invoke('profiles.list', topFrame('https://evil.example/'));
    expect(foreign).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });

  it('answers a dev-server page on the same origin', async () => {
    const handlers = spyHandlers();
    unregister = registerIpc(handlers, DEV_URL);
    await expect(invoke('app.info', topFrame('http://localhost:5173/#/x'))).resolves.toEqual({
      ok: true,
      value: INFO,
    });
    expect(handlers['app.info']).toHaveBeenCalledTimes(1);
  });

  describe('refuses calls that do not come from the app page', () => {
    const foreign: Array<[string, string, InvokeEvent]> = [
      ['another origin', APP_URL, topFrame('https://evil.example/')],
      ['a file', APP_URL, topFrame('file:///tmp/evil.html')],
      ['another app:// host', APP_URL, topFrame('app://evil/index.html')],
      ['about:blank', APP_URL, topFrame('about:blank')],
      [
        'a subframe on the app URL',
        APP_URL,
        eventFrom({ url: APP_URL, parent: { url: APP_URL, parent: null } }),
      ],
      [
        'a foreign subframe',
        APP_URL,
        eventFrom({ url: 'https://evil.example/', parent: { url: APP_URL, parent: null } }),
      ],
      ['a destroyed frame (senderFrame null)', APP_URL, eventFrom(null)],
      ['no senderFrame at all', APP_URL, {} as InvokeEvent],
      ['another dev-server port', DEV_URL, topFrame('http://localhost:5174/')],
      ['the dev server over https', DEV_URL, topFrame('https://localhost:5173/')],
    ];

    it.each(foreign)('%s', async (_label, appUrl, event) => {
      const handlers = spyHandlers();
      unregister = registerIpc(handlers, appUrl);
      for (const name of channelNames) {
        const answer = await invoke(name, event);
        expect(answer.ok).toBe(false);
        if (!answer.ok) {
          expect(answer.error.code).toBe('FORBIDDEN');
          expect(answer.error.message).toEqual(expect.any(String));
        }
      }
      for (const spy of Object.values(handlers)) expect(spy).not.toHaveBeenCalled();
    });

    it('checks the sender before the input', async () => {
      const handlers = spyHandlers();
      unregister = registerIpc(handlers, APP_URL);
      const answer = await invoke('app.info', topFrame('https://evil.example/'), 42);
      expect(answer).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    });
  });

  it('answers invalid input with INVALID_INPUT and field messages, without calling the handler', async () => {
    const handlers = spyHandlers();
    unregister = registerIpc(handlers, APP_URL);
    for (const input of [42, 'x', { a: 1 }, null]) {
      const answer = await invoke('app.info', topFrame(APP_URL), input);
      expect(answer.ok).toBe(false);
      if (answer.ok) continue;
      expect(answer.error.code).toBe('INVALID_INPUT');
      expect(answer.error.message).toContain('app.info');
      expect(answer.error.fields).toBeDefined();
      const messages = Object.values(answer.error.fields ?? {}).flat();
      expect(messages.length).toBeGreaterThan(0);
      for (const message of messages) expect(message).toEqual(expect.any(String));
    }
    expect(handlers['app.info']).not.toHaveBeenCalled();
  });

  it('hides the text of an unexpected error behind INTERNAL', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const secret = 'ENOENT /home/alice/.desk/secret-api-key.json';
    const handlers = {
      ...spyHandlers(),
      'exchange.checkNow': vi.fn(async (): Promise<ExchangeStatus> => {
        throw new Error(secret);
      }),
    } satisfies Handlers;
    unregister = registerIpc(handlers, APP_URL);
    const answer = await invoke('exchange.checkNow', topFrame(APP_URL));
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.error.code).toBe('INTERNAL');
    expect(answer.error.message).not.toContain(secret);
    expect(answer.error.message).not.toContain('secret-api-key');
    expect(answer.error.fields).toBeUndefined();
    // The details stay in main's log.
    expect(log.mock.calls.flat().join(' ')).toContain(secret);
  });

  it('hides a non-Error throw behind INTERNAL too', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handlers = {
      ...spyHandlers(),
      'app.info': vi.fn(async (): Promise<AppInfo> => {
        throw 'raw string with token abc123';
      }),
    } satisfies Handlers;
    unregister = registerIpc(handlers, APP_URL);
    const answer = await invoke('app.info', topFrame(APP_URL));
    expect(answer).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(JSON.stringify(answer)).not.toContain('abc123');
  });

  it('passes a DeskFailure through as exactly its error shape', async () => {
    const handlers = {
      ...spyHandlers(),
      'exchange.checkNow': vi.fn(async (): Promise<ExchangeStatus> => {
        throw new DeskFailure('EXCHANGE_VALIDATION', 'msg', { amount: ['too small'] });
      }),
      'exchange.status': vi.fn(async (): Promise<ExchangeStatus> => {
        throw new DeskFailure('EXCHANGE_NETWORK', 'The exchange is offline.');
      }),
    } satisfies Handlers;
    unregister = registerIpc(handlers, APP_URL);
    await expect(invoke('exchange.checkNow', topFrame(APP_URL))).resolves.toStrictEqual({
      ok: false,
      error: { code: 'EXCHANGE_VALIDATION', message: 'msg', fields: { amount: ['too small'] } },
    });
    await expect(invoke('exchange.status', topFrame(APP_URL))).resolves.toStrictEqual({
      ok: false,
      error: { code: 'EXCHANGE_NETWORK', message: 'The exchange is offline.' },
    });
  });
});

describe('isTrustedSender', () => {
  it('trusts only the top frame of the app page', () => {
    expect(isTrustedSender(topFrame(APP_URL), APP_URL)).toBe(true);
    expect(isTrustedSender(topFrame(`${APP_URL}?q=1#/a`), APP_URL)).toBe(true);
    expect(isTrustedSender(topFrame('file:///etc/passwd'), APP_URL)).toBe(false);
    expect(
      isTrustedSender(eventFrom({ url: APP_URL, parent: { url: APP_URL, parent: null } }), APP_URL),
    ).toBe(false);
    expect(isTrustedSender(eventFrom(null), APP_URL)).toBe(false);
  });
});

describe('bindChannels', () => {
  it('createHandlers covers exactly the contract channels', () => {
    expect(Object.keys(createHandlers(fakeServices())).sort()).toEqual([...channelNames].sort());
  });

  it.each([...channelNames])('throws when the handler of %s is missing', (name) => {
    const handlers: Record<string, unknown> = { ...spyHandlers() };
    delete handlers[name];
    expect(() => bindChannels(handlers as unknown as Handlers)).toThrow(
      new RegExp(`missing: ${name.replace('.', '\\.')}`),
    );
  });

  it('throws when a handler has no channel in the contract', () => {
    const handlers = { ...spyHandlers(), 'exchange.withdrawAll': vi.fn(async () => 'gone') };
    expect(() => bindChannels(handlers as unknown as Handlers)).toThrow(
      /extra: exchange\.withdrawAll/,
    );
  });

  it('binds every channel once', () => {
    const bound = bindChannels(spyHandlers());
    expect([...bound.keys()].sort()).toEqual([...channelNames].sort());
  });

  it('a bound channel parses input and wraps the value', async () => {
    const handlers = spyHandlers();
    const bound = bindChannels(handlers);
    await expect(bound.get('exchange.status')!(undefined)).resolves.toEqual({
      ok: true,
      value: ONLINE,
    });
    await expect(bound.get('exchange.status')!({})).resolves.toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    expect(handlers['exchange.status']).toHaveBeenCalledTimes(1);
  });

  it('a guard refuses every channel it does not declare open, after parsing the input', async () => {
    const state = { locked: true };
    const handlers: Handlers = {
      ...spyHandlers(),
      [GUARD]: {
        open: new Set<ChannelName>(['exchange.status']),
        refusal: () => (state.locked ? new DeskFailure('LOCKED', 'Locked.') : undefined),
      },
    };
    const bound = bindChannels(handlers);
    await expect(bound.get('app.info')!(undefined)).resolves.toEqual({
      ok: false,
      error: { code: 'LOCKED', message: 'Locked.' },
    });
    await expect(bound.get('app.info')!({})).resolves.toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    await expect(bound.get('exchange.status')!(undefined)).resolves.toEqual({
      ok: true,
      value: ONLINE,
    });
    expect(handlers['app.info']).not.toHaveBeenCalled();
    state.locked = false;
    await expect(bound.get('app.info')!(undefined)).resolves.toEqual({ ok: true, value: INFO });
  });

  it('createHandlers guards every channel but the lock, status and app-info ones', async () => {
    const services = { ...fakeServices(), lock: { isLocked: () => true } as unknown as AppLock };
    const bound = bindChannels(createHandlers(services));
    for (const name of channelNames) {
      if (OPEN_WHILE_LOCKED.has(name)) continue;
      const answer = await bound.get(name)!(undefined);
      // Channels with a required input answer INVALID_INPUT first; none reaches its service.
      expect(answer.ok, name).toBe(false);
      if (!answer.ok) expect(['LOCKED', 'INVALID_INPUT'], name).toContain(answer.error.code);
    }
    await expect(bound.get('profiles.list')!(undefined)).resolves.toMatchObject({
      ok: false,
      error: { code: 'LOCKED' },
    });
    await expect(bound.get('exchange.status')!(undefined)).resolves.toMatchObject({ ok: true });
  });

  it("app.separators answers a locale's separators from main's Intl, also while locked, and refuses what is not a locale tag", async () => {
    const services = { ...fakeServices(), lock: { isLocked: () => true } as unknown as AppLock };
    const bound = bindChannels(createHandlers(services));
    await expect(bound.get('app.separators')!({ locale: 'de-DE' })).resolves.toEqual({
      ok: true,
      value: { group: '.', decimal: ',' },
    });
    await expect(bound.get('app.separators')!({ locale: 'en-US' })).resolves.toEqual({
      ok: true,
      value: { group: ',', decimal: '.' },
    });
    for (const locale of ['', 'de DE', 'x'.repeat(36), '../etc', 42]) {
      await expect(bound.get('app.separators')!({ locale }), String(locale)).resolves.toMatchObject(
        { ok: false, error: { code: 'INVALID_INPUT' } },
      );
    }
  });
});

describe('callChannel', () => {
  it.each(['exchange.withdrawAll', '', 'app', 'constructor', '__proto__', 'toString'])(
    'answers UNKNOWN_CHANNEL for %j instead of throwing',
    async (name) => {
      const handlers = spyHandlers();
      const answer = await callChannel(bindChannels(handlers), name, undefined);
      expect(answer.ok).toBe(false);
      if (!answer.ok) {
        expect(answer.error.code).toBe('UNKNOWN_CHANNEL');
      }
      for (const spy of Object.values(handlers)) expect(spy).not.toHaveBeenCalled();
    },
  );

  it('calls a known channel', async () => {
    const handlers = spyHandlers();
    await expect(callChannel(bindChannels(handlers), 'app.info', undefined)).resolves.toEqual({
      ok: true,
      value: INFO,
    });
    expect(handlers['app.info']).toHaveBeenCalledTimes(1);
  });
});

describe('forwardEvents', () => {
  type Contents = Parameters<typeof forwardEvents>[1];

  function fakeContents() {
    const state = { destroyed: false };
    const send = vi.fn();
    const contents = { isDestroyed: () => state.destroyed, send } as unknown as Contents;
    return { state, send, contents };
  }

  it('sends each event on the event channel until unsubscribed', () => {
    const events = new AppEvents();
    const { send, contents } = fakeContents();
    const stop = forwardEvents(events, contents);

    events.emit('exchange.status', ONLINE);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith(EVENT_IPC_CHANNEL, 'exchange.status', ONLINE);
    expect(EVENT_IPC_CHANNEL).toBe('desk:event');

    stop();
    events.emit('exchange.status', { state: 'checking', baseUrl: 'x' });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('skips a destroyed webContents', () => {
    const events = new AppEvents();
    const { state, send, contents } = fakeContents();
    forwardEvents(events, contents);
    state.destroyed = true;
    events.emit('exchange.status', ONLINE);
    expect(send).not.toHaveBeenCalled();
  });

  it('forwards to each window separately', () => {
    const events = new AppEvents();
    const first = fakeContents();
    const second = fakeContents();
    const stopFirst = forwardEvents(events, first.contents);
    forwardEvents(events, second.contents);
    stopFirst();
    events.emit('exchange.status', ONLINE);
    expect(first.send).not.toHaveBeenCalled();
    expect(second.send).toHaveBeenCalledWith(EVENT_IPC_CHANNEL, 'exchange.status', ONLINE);
  });
});
