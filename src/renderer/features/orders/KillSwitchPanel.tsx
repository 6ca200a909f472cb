import { useEffect, useState } from 'react';
import { z } from 'zod';
import type { KillSwitchTimer } from '../../../shared/model';
import { KILL_SWITCH_TIMEOUT, killSwitchTimeout } from '../../../shared/contract';
import { asDeskError } from '../../../shared/errors';
import { SelectField, TextField } from '../../components/Field';
import { DataAge } from '../../components/DataAge';
import { marketLabel } from '../../lib/format';
import { deskFieldErrors, parseForm, type FieldErrors } from '../../lib/parseForm';
import { useAction } from '../../lib/useAction';
import { useNow } from '../../lib/useNow';
import { useMarkets } from '../trade';
import { useActiveOrders, useKillSwitches, useOrdersStore } from './ordersStore';

const TIMEOUT_HINT = `${KILL_SWITCH_TIMEOUT.min} to ${KILL_SWITCH_TIMEOUT.max} seconds`;
const armForm = z.object({
  market: z.string().min(1, 'Choose a market.'),
  timeout: killSwitchTimeout,
});

/** "1:05" left, from the timer's cancellation time. */
function left(timer: KillSwitchTimer, now: number): string {
  const seconds = Math.max(0, Math.ceil((timer.cancellationTime - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** A timer that fired: when, and the orders of its market that went. */
interface FiredEvent {
  market: string;
  at: number;
  orderIds: number[];
}

/** "The kill-switch of BTC/USDT fired at 06:12:03: 2 orders canceled (#1, #2)." */
function firedWords({ market, at, orderIds }: FiredEvent): string {
  const when = `The kill-switch of ${marketLabel(market)} fired at ${new Date(at).toLocaleTimeString()}`;
  if (orderIds.length === 0) return `${when}: it had no open orders to cancel.`;
  const count = orderIds.length === 1 ? '1 order' : `${orderIds.length} orders`;
  return `${when}: ${count} canceled (${orderIds.map((id) => `#${id}`).join(', ')}).`;
}

const activeIdsOn = (market: string): number[] =>
  (useActiveOrders.getState().data?.orders ?? [])
    .filter((o) => o.market === market)
    .map((o) => o.orderId);

/**
 * A timer's cancellation time passed: the timers are read again. Armed again since (kept alive
 * from main): nothing happened. Gone: it fired; the orders reload and those of `before` (the
 * market's orders seen while it was armed) that went are the event's.
 */
async function settleDue(
  timer: KillSwitchTimer,
  before: readonly number[],
): Promise<FiredEvent | undefined> {
  await useOrdersStore.getState().loadKillSwitches();
  const now = useKillSwitches.getState().data?.timers.find((t) => t.market === timer.market);
  if (now && now.cancellationTime > timer.cancellationTime) return undefined;
  await useOrdersStore.getState().loadActive();
  const after = new Set(activeIdsOn(timer.market));
  return {
    market: timer.market,
    at: timer.cancellationTime,
    orderIds: before.filter((id) => !after.has(id)),
  };
}

/** How long before a timer is due the orders it will cancel stop being read again. */
const SEEN_FROZEN_MS = 3000;

/** One armed timer, counting down (or kept alive); when it is due, `onDue` finds out. */
function TimerRow({
  timer,
  onDisarm,
  onDue,
}: {
  timer: KillSwitchTimer;
  onDisarm(): void;
  onDue(timer: KillSwitchTimer, before: readonly number[]): void;
}) {
  const now = useNow(1000);
  const due = timer.cancellationTime <= now;
  // The market's orders as last seen before it was due: the stream may take the canceled ones
  // out of the list before the countdown gets there (this clock ticks once a second, and a busy
  // page renders late), so the list is kept from the last few seconds before the timer is due.
  const [seen, setSeen] = useState<readonly number[]>([]);
  const closing = timer.cancellationTime - now <= SEEN_FROZEN_MS;
  const ids = due || (closing && seen.length > 0) ? undefined : activeIdsOn(timer.market);
  if (ids && ids.join() !== seen.join()) setSeen(ids);
  useEffect(() => {
    if (due) onDue(timer, seen);
    // Once per timer: a re-armed one is a new timer object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [due, timer]);
  const every = Math.round((timer.cancellationTime - timer.startTime) / 2000);
  return (
    <li data-testid="kill-switch-timer">
      <strong>{marketLabel(timer.market)}</strong>:{' '}
      {due ? (
        'due: asking the exchange…'
      ) : (
        <>
          cancels its orders at {new Date(timer.cancellationTime).toLocaleTimeString()} (in{' '}
          <span data-testid="kill-switch-left">{left(timer, now)}</span>)
          {timer.keepAlive ? `, kept alive while connected: armed again every ${every} s` : ''}
        </>
      )}{' '}
      <button
        type="button"
        className="btn btn-secondary btn-small"
        aria-label={`Disarm the kill-switch of ${marketLabel(timer.market)}`}
        onClick={onDisarm}
      >
        Disarm
      </button>
    </li>
  );
}

/**
 * The kill-switch: arm a market's timer (the exchange cancels the market's orders unless it is
 * armed again within the timeout), optionally kept alive from main while connected; see the armed
 * timers counting down, disarm one; when one fires, an event says when and which orders went.
 */
export function KillSwitchPanel() {
  const slot = useKillSwitches();
  const markets = useMarkets((s) => s.data?.markets);
  const killSwitch = useOrdersStore((s) => s.killSwitch);
  const [market, setMarket] = useState('');
  const [timeout, setTimeoutText] = useState('60');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | undefined>();
  const [keepAlive, setKeepAlive] = useState(false);
  // What was done, and the market whose timer it speaks of while it is armed ('': any time).
  const [notice, setNotice] = useState<{ text: string; whileArmed: string } | undefined>();
  const [fired, setFired] = useState<FiredEvent[]>([]);
  const action = useAction();
  useEffect(() => {
    void useOrdersStore.getState().loadKillSwitches();
    if (!useMarkets.getState().data) void useMarkets.getState().load();
  }, []);

  const send = (target: string, seconds: number | null, done: string, keep = false) =>
    action.run(async () => {
      setError(undefined);
      setNotice(undefined);
      try {
        await killSwitch(target, seconds, keep);
        setNotice({ text: done, whileArmed: seconds === null ? '' : target });
      } catch (failure) {
        const refusal = deskFieldErrors(asDeskError(failure), ['market', 'timeout']);
        setErrors(refusal.fields);
        setError(refusal.rest);
      }
    });

  const arm = () => {
    const text = timeout.trim();
    const parsed = parseForm(armForm, {
      market,
      timeout: /^\d+$/.test(text) ? Number(text) : text,
    });
    setErrors(parsed.ok ? {} : parsed.fields);
    if (!parsed.ok) return;
    const { market: target, timeout: seconds } = parsed.data;
    const kept = keepAlive ? ', kept alive while connected' : '';
    void send(
      target,
      seconds,
      `The kill-switch of ${marketLabel(target)} is armed for ${seconds} s${kept}.`,
      keepAlive,
    );
  };

  const onDue = (timer: KillSwitchTimer, before: readonly number[]) =>
    void settleDue(timer, before).then((event) => {
      if (event) setFired((events) => [event, ...events].slice(0, 5));
    });

  const timers = slot.data?.timers ?? [];
  // An "armed" notice goes once its timer is not in the list (fired or disarmed elsewhere).
  const shownNotice =
    notice && (notice.whileArmed === '' || timers.some((t) => t.market === notice.whileArmed))
      ? notice.text
      : undefined;
  return (
    <section aria-labelledby="kill-switch-title" className="orders-section kill-switch">
      <div className="section-head">
        <h2 id="kill-switch-title">Kill-switch</h2>
        <DataAge fetchedAt={slot.data?.fetchedAt} loading={slot.loading} />
      </div>
      <p className="muted">
        Unless you arm it again within the timeout, the exchange cancels every order on the market.
      </p>
      <div className="filters">
        <SelectField
          id="kill-switch-market"
          label="Kill-switch market"
          value={market}
          options={[
            { value: '', label: 'Choose a market' },
            ...(markets ?? []).map((m) => ({ value: m.name, label: marketLabel(m.name) })),
          ]}
          onChange={setMarket}
          error={errors.market}
        />
        <TextField
          id="kill-switch-timeout"
          label="Timeout (seconds)"
          value={timeout}
          inputMode="numeric"
          autoComplete="off"
          hint={TIMEOUT_HINT}
          error={errors.timeout}
          onChange={setTimeoutText}
        />
        {/* Each in a field's shape (an empty label row), so both line up with the inputs. */}
        <div className="kill-switch-action">
          <label className="check">
            <input
              type="checkbox"
              checked={keepAlive}
              onChange={(e) => setKeepAlive(e.target.checked)}
            />
            Keep alive while connected
          </label>
        </div>
        <div className="kill-switch-action">
          <button type="button" className="btn btn-primary" disabled={action.busy} onClick={arm}>
            Arm
          </button>
        </div>
      </div>
      <p className="small muted">
        Kept alive, the app arms it again every half timeout while it reaches the exchange, so it
        fires only when the app loses the exchange or stops.
      </p>
      {error ? (
        <p className="form-alert" role="alert">
          {error}
        </p>
      ) : null}
      {shownNotice ? (
        <p className="form-notice kill-switch-notice" role="status">
          {shownNotice}
        </p>
      ) : null}
      <ul aria-label="Kill-switch events" className="kill-switch-events" role="log">
        {fired.map((event) => (
          <li key={`${event.market}-${event.at}`} data-testid="kill-switch-event">
            {firedWords(event)}
          </li>
        ))}
      </ul>
      {slot.error ? (
        <p className="form-alert" role="alert">
          {slot.error.message}
        </p>
      ) : null}
      {slot.data ? (
        timers.length === 0 ? (
          <p className="muted" data-testid="kill-switch-none">
            No kill-switch is armed.
          </p>
        ) : (
          <ul aria-label="Armed kill-switches" className="kill-switch-timers">
            {timers.map((t) => (
              <TimerRow
                key={t.market}
                timer={t}
                onDue={onDue}
                onDisarm={() =>
                  void send(
                    t.market,
                    null,
                    `The kill-switch of ${marketLabel(t.market)} is disarmed.`,
                  )
                }
              />
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}
