import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Notifier, plainText, type NotifierOptions } from '../../../src/main/shell/notifications';

/** A native notification that records being shown and can be made to fail, as macOS does. */
class FakeNotification extends EventEmitter {
  shown = false;
  constructor(readonly content: { title: string; body: string }) {
    super();
  }
  show(): void {
    this.shown = true;
  }
}

/** The test's clock and timers: nothing runs until the test moves the clock. */
function clock() {
  let now = 1_000_000;
  const timers: { at: number; run: () => void }[] = [];
  return {
    now: () => now,
    setTimer: (run: () => void, ms: number) => void timers.push({ at: now + ms, run }),
    pending: () => timers.length,
    advance(ms: number) {
      now += ms;
      for (const timer of timers.filter((t) => t.at <= now)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.run();
      }
    },
  };
}

function notifier(overrides: Partial<NotifierOptions> = {}) {
  const made: FakeNotification[] = [];
  const time = clock();
  let focused = false;
  const fallBack = vi.fn();
  const notes = new Notifier({
    create: (content) => {
      const note = new FakeNotification(content);
      made.push(note);
      return note;
    },
    focused: () => focused,
    fallBack,
    now: time.now,
    setTimer: time.setTimer,
    intervalMs: 5_000,
    ...overrides,
  });
  const shown = () => made.filter((n) => n.shown).map((n) => n.content);
  return { notes, made, shown, time, fallBack, focus: (on: boolean) => (focused = on) };
}

afterEach(() => vi.restoreAllMocks());

describe('Notifier: at most one desktop notification every few seconds', () => {
  it('shows the first at once; the ones within 5 s become one, the latest with the count', () => {
    const { notes, shown, time } = notifier();
    expect(notes.notify('Order filled', 'Filled: buy 1 BTC')).toBe(true);
    expect(shown()).toEqual([{ title: 'Order filled', body: 'Filled: buy 1 BTC' }]);
    time.advance(1_000);
    expect(notes.notify('Order filled', 'Filled: buy 2 BTC')).toBe(true);
    expect(notes.notify('Order partly filled', 'Partly filled: sell 3 ETH')).toBe(true);
    expect(notes.notify('Order filled', 'Filled: buy 4 LTC')).toBe(true);
    // Held until the 5 s since the first are over: the clock is the test's.
    expect(shown()).toHaveLength(1);
    time.advance(3_999);
    expect(shown()).toHaveLength(1);
    time.advance(1);
    expect(shown()).toEqual([
      { title: 'Order filled', body: 'Filled: buy 1 BTC' },
      { title: 'Order filled (+2 more)', body: 'Filled: buy 4 LTC' },
    ]);
    expect(time.pending()).toBe(0);
  });

  it('one held notification is shown as it is, no count', () => {
    const { notes, shown, time } = notifier();
    notes.notify('Order filled', 'first');
    notes.notify('Order filled', 'second');
    time.advance(5_000);
    expect(shown().map((n) => n.title)).toEqual(['Order filled', 'Order filled']);
    expect(shown()[1]!.body).toBe('second');
  });

  it('after a quiet 5 s the next one is shown at once again', () => {
    const { notes, shown, time } = notifier();
    notes.notify('A', 'a');
    time.advance(5_000);
    notes.notify('B', 'b');
    expect(shown().map((n) => n.title)).toEqual(['A', 'B']);
    expect(time.pending()).toBe(0);
  });

  it('nothing while a window of the app is focused; held ones are dropped when it gets focus', () => {
    const { notes, shown, time, focus } = notifier();
    focus(true);
    expect(notes.notify('A', 'a')).toBe(false);
    focus(false);
    notes.notify('B', 'b');
    notes.notify('C', 'c');
    focus(true);
    time.advance(5_000);
    expect(shown().map((n) => n.title)).toEqual(['B']);
  });
});

describe('Notifier: control and bidi characters stripped', () => {
  it('from the title and the body of every notification', () => {
    const { notes, shown } = notifier();
    notes.notify(
      'Order\u0000 filled\u001b[31m',
      'BTC\u202E/TSDU\u202C on\nline\u0085two \u2066x\u2069',
    );
    expect(shown()).toEqual([{ title: 'Order filled [31m', body: 'BTC/TSDU on line two x' }]);
  });

  it.each([
    ['C0 controls', '\u0001a\u0007b\u001fc', 'a b c'],
    ['DEL and C1 controls', 'a\u007fb\u0080c\u009fd', 'a b c d'],
    ['embeddings and overrides', 'a\u202Ab\u202Bc\u202Cd\u202De\u202Ef', 'abcdef'],
    ['isolates', 'a\u2066b\u2067c\u2068d\u2069e', 'abcde'],
    ['marks', 'a\u200Eb\u200Fc\u061Cd', 'abcd'],
    ['tabs and line breaks', 'a\tb\r\nc', 'a b c'],
    ['plain text untouched', 'Filled: buy 0.5 BTC at 40,000 USDT on BTC/USDT', null],
  ])('%s', (_label, text, expected) => {
    expect(plainText(text)).toBe(expected ?? text);
  });
});

describe('Notifier: a notification the system refuses', () => {
  it('every notification has a failed listener; a failure is logged and the in-app notice stands in', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { notes, made, shown, time, fallBack } = notifier();
    notes.notify('A', 'a');
    time.advance(5_000);
    notes.notify('B', 'b');
    expect(made.every((n) => n.listenerCount('failed') === 1)).toBe(true);
    made[1]!.emit('failed', {}, 'Notifications are not allowed for this application');
    expect(fallBack).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toMatch(
      /WARN \[notify\] the desktop notification could not be shown: Notifications are not allowed/,
    );
    // From then on the page's own notice is the only one: notify says so, nothing is made.
    time.advance(5_000);
    expect(notes.notify('C', 'c')).toBe(false);
    expect(shown().map((n) => n.title)).toEqual(['A', 'B']);
    expect(made).toHaveLength(2);
  });

  it('a held notification is dropped once one has failed', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { notes, made, time } = notifier();
    notes.notify('A', 'a');
    notes.notify('B', 'b');
    made[0]!.emit('failed', {}, 'denied');
    time.advance(5_000);
    expect(made).toHaveLength(1);
  });
});
