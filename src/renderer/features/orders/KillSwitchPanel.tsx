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
import { useKillSwitches, useOrdersStore } from './ordersStore';

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

/** One armed timer, counting down; when it has fired, the timers and the orders reload. */
function TimerRow({ timer, onDisarm }: { timer: KillSwitchTimer; onDisarm(): void }) {
  const now = useNow(1000);
  const fired = timer.cancellationTime <= now;
  useEffect(() => {
    if (!fired) return;
    void useOrdersStore.getState().loadKillSwitches();
    void useOrdersStore.getState().loadActive();
  }, [fired]);
  return (
    <li data-testid="kill-switch-timer">
      <strong>{marketLabel(timer.market)}</strong>:{' '}
      {fired ? (
        'fired: its orders are canceled'
      ) : (
        <>
          cancels its orders at {new Date(timer.cancellationTime).toLocaleTimeString()} (in{' '}
          <span data-testid="kill-switch-left">{left(timer, now)}</span>)
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
 * armed again within the timeout), see the armed timers counting down, disarm one.
 */
export function KillSwitchPanel() {
  const slot = useKillSwitches();
  const markets = useMarkets((s) => s.data?.markets);
  const killSwitch = useOrdersStore((s) => s.killSwitch);
  const [market, setMarket] = useState('');
  const [timeout, setTimeoutText] = useState('60');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const action = useAction();
  useEffect(() => {
    void useOrdersStore.getState().loadKillSwitches();
    if (!useMarkets.getState().data) void useMarkets.getState().load();
  }, []);

  const send = (target: string, seconds: number | null, done: string) =>
    action.run(async () => {
      setError(undefined);
      setNotice(undefined);
      try {
        await killSwitch(target, seconds);
        setNotice(done);
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
    void send(
      parsed.data.market,
      parsed.data.timeout,
      `The kill-switch of ${marketLabel(parsed.data.market)} is armed for ${parsed.data.timeout} s.`,
    );
  };

  const timers = slot.data?.timers ?? [];
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
        <button type="button" className="btn btn-primary" disabled={action.busy} onClick={arm}>
          Arm
        </button>
      </div>
      {error ? (
        <p className="form-alert" role="alert">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p className="form-notice kill-switch-notice" role="status">
          {notice}
        </p>
      ) : null}
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
          <ul aria-label="Armed kill-switches">
            {timers.map((t) => (
              <TimerRow
                key={t.market}
                timer={t}
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
