import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  DEFAULT_MINING_ALERT_RULE,
  miningAlertOverride,
  miningAlertRule,
} from '../../../shared/contract';
import { asDeskError } from '../../../shared/errors';
import type { MiningAlertEvent, MiningAlertRule, QuietHours } from '../../../shared/model';
import { DataAge } from '../../components/DataAge';
import { SelectField, TextField } from '../../components/Field';
import { DataTable, type Column } from '../../components/table/DataTable';
import { textColumn, timeColumn } from '../../components/table/columns';
import { RefreshAlert, formatTime } from '../../components/ViewParts';
import { deskFieldErrors, parseForm, type FieldErrors } from '../../lib/parseForm';
import { statusOf } from '../../lib/remote';
import { useMiningAlerts } from './alertsStore';
import { formatHashrate } from './units';
import { useWorkers } from './workersStore';

const RULE_FIELDS = ['offlineMinutes', 'lowPercent', 'lowBelow', 'rejectPercent'] as const;
type RuleField = (typeof RULE_FIELDS)[number];
type RuleText = Record<RuleField, string>;

const LABELS: Record<RuleField, string> = {
  offlineMinutes: 'Offline for at least (minutes)',
  lowPercent: 'Hashrate below (% of its 24 h average)',
  lowBelow: 'Hashrate below (H/s)',
  rejectPercent: 'Reject rate above (%)',
};

const RULE_WORDS: Record<MiningAlertEvent['rule'], string> = {
  offline: 'Offline',
  low: 'Low hashrate',
  reject: 'Reject rate',
  pool: 'Pool',
  payout: 'Payout',
};

/** A rule as the form's texts (empty: off, or for an override: the account's). */
function textOf(rule: Partial<MiningAlertRule>): RuleText {
  const text = (v: number | string | null | undefined) =>
    v === null || v === undefined ? '' : String(v);
  return {
    offlineMinutes: text(rule.offlineMinutes),
    lowPercent: text(rule.lowPercent),
    lowBelow: text(rule.lowBelow),
    rejectPercent: text(rule.rejectPercent),
  };
}

/** The form's texts as the contract's values: numbers, the hashrate as text, empty as null. */
function valuesOf(text: RuleText, override: boolean): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of RULE_FIELDS) {
    const raw = text[field].trim();
    if (raw === '') {
      if (!override) values[field] = null;
    } else values[field] = field === 'lowBelow' ? raw : Number(raw);
  }
  return values;
}

/** A rule in one line: "offline 10 min · low < 50 % of 24 h". */
function ruleSummary(rule: Partial<MiningAlertRule>): string {
  const parts: string[] = [];
  if (rule.offlineMinutes) parts.push(`offline ${rule.offlineMinutes} min`);
  if (rule.lowPercent) parts.push(`low < ${rule.lowPercent} % of 24 h`);
  if (rule.lowBelow) parts.push(`low < ${formatHashrate(rule.lowBelow)}`);
  if (rule.rejectPercent) parts.push(`rejects > ${rule.rejectPercent} %`);
  return parts.length ? parts.join(' · ') : 'no check';
}

const timeText = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const minutesOf = (text: string) => {
  const match = /^(\d\d):(\d\d)$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
};

const EVENT_COLUMNS: Column<MiningAlertEvent>[] = [
  timeColumn((e) => e.at),
  textColumn(
    'kind',
    'Event',
    '110px',
    (e) => (e.kind === 'alert' ? 'Alert' : 'Recovered'),
    (e) => (
      <span className={e.kind === 'alert' ? 'alert-kind-alert' : 'alert-kind-recovered'}>
        {e.kind === 'alert' ? 'Alert' : 'Recovered'}
      </span>
    ),
  ),
  textColumn('rule', 'Rule', '120px', (e) => RULE_WORDS[e.rule]),
  textColumn('message', 'What', 'minmax(240px, 3fr)', (e) => e.message),
];

/** The rule form of one target (the account, or a worker's override), filled with what is in force. */
function RuleForm({
  account,
  worker,
  initial,
  onSaved,
}: {
  account: string;
  worker: string;
  initial: Partial<MiningAlertRule>;
  onSaved: (message: string) => void;
}) {
  const setRule = useMiningAlerts((s) => s.setRule);
  const [text, setText] = useState<RuleText>(() => textOf(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>();

  async function save(event: FormEvent) {
    event.preventDefault();
    const values = valuesOf(text, Boolean(worker));
    const parsed = worker
      ? parseForm(miningAlertOverride, values)
      : parseForm(miningAlertRule, values);
    if (!parsed.ok) {
      setErrors(parsed.fields);
      return;
    }
    setErrors({});
    setFormError(undefined);
    try {
      if (worker) await setRule({ account, worker, rule: parsed.data });
      else await setRule({ account, rule: miningAlertRule.parse(parsed.data) });
      onSaved(worker ? `Saved the override of ${worker}.` : `Saved the rule of ${account}.`);
    } catch (error) {
      const { fields, rest } = deskFieldErrors(asDeskError(error), [...RULE_FIELDS]);
      setErrors(fields);
      setFormError(rest);
    }
  }

  return (
    <form onSubmit={(e) => void save(e)} noValidate aria-label="Alert rule">
      <div className="alert-rule-fields">
        {RULE_FIELDS.map((field) => (
          <TextField
            key={field}
            id={`alert-${field}`}
            label={LABELS[field]}
            value={text[field]}
            inputMode={field === 'lowBelow' || field === 'offlineMinutes' ? 'numeric' : 'decimal'}
            onChange={(value) => setText((t) => ({ ...t, [field]: value }))}
            error={errors[field]}
            autoComplete="off"
          />
        ))}
      </div>
      {formError ? (
        <p className="form-alert" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" className="btn btn-primary">
          Save rule
        </button>
      </div>
    </form>
  );
}

/** Quiet hours: two local times, or none (both empty). */
function QuietForm({ initial }: { initial: QuietHours | null }) {
  const setQuietHours = useMiningAlerts((s) => s.setQuietHours);
  const [quiet, setQuiet] = useState(() =>
    initial ? { from: timeText(initial.from), to: timeText(initial.to) } : { from: '', to: '' },
  );
  const [error, setError] = useState<string | undefined>();

  async function save(event: FormEvent) {
    event.preventDefault();
    const from = minutesOf(quiet.from);
    const to = minutesOf(quiet.to);
    const none = quiet.from === '' && quiet.to === '';
    if (!none && (from === undefined || to === undefined || from === to)) {
      setError('Choose a start and an end that differ (or clear both for none).');
      return;
    }
    setError(undefined);
    await setQuietHours(none ? null : { from: from!, to: to! }).catch((e: unknown) =>
      setError(asDeskError(e).message),
    );
  }

  return (
    <form
      className="alert-quiet"
      onSubmit={(e) => void save(e)}
      noValidate
      aria-labelledby="alert-quiet-title"
    >
      <h3 id="alert-quiet-title">Quiet hours</h3>
      <p className="muted small">
        No desktop notification between these local times; the list above still shows every event.
      </p>
      <div className="alert-quiet-fields">
        <TextField
          id="quiet-from"
          label="Quiet from"
          type="time"
          value={quiet.from}
          onChange={(from) => setQuiet((q) => ({ ...q, from }))}
        />
        <TextField
          id="quiet-to"
          label="Quiet until"
          type="time"
          value={quiet.to}
          onChange={(to) => setQuiet((q) => ({ ...q, to }))}
          error={error}
        />
        <button type="submit" className="btn btn-secondary">
          Save quiet hours
        </button>
      </div>
    </form>
  );
}

/**
 * The mining alerts of the chosen account: what main's poller raised (kept in the history
 * database, newest first; pushed ones shown at once as a notice), the account's rule and workers'
 * overrides, and quiet hours for desktop notifications.
 */
export function AlertsSection({ account }: { account: string }) {
  const remote = useMiningAlerts();
  const { load, watch, checkNow, setRule, latest } = remote;
  const workers = useWorkers((s) => (s.data?.account === account ? s.data.workers : undefined));
  const [target, setTarget] = useState('');
  const [saved, setSaved] = useState<string | undefined>();
  const [removeError, setRemoveError] = useState<string | undefined>();
  const [checking, setChecking] = useState(false);
  useEffect(() => {
    void load();
    return watch();
  }, [load, watch]);
  const data = remote.data;
  const rules = data?.rules.find((r) => r.account === account);
  const accountRule = rules?.rule ?? DEFAULT_MINING_ALERT_RULE;
  const override = target ? rules?.workers.find((w) => w.worker === target)?.rule : undefined;
  const initial = target ? (override ?? {}) : accountRule;
  const events = useMemo(
    () => (data?.events ?? []).filter((e) => e.account === account || e.account === ''),
    [data, account],
  );
  const notices = latest.filter((e) => e.account === account || e.account === '');
  const targets = [
    { value: '', label: `The account (${account})` },
    ...(workers ?? []).map((w) => ({ value: w.name, label: `Worker ${w.name}` })),
  ];

  async function removeOverride(worker: string) {
    setRemoveError(undefined);
    await setRule({ account, worker, rule: null }).catch((error: unknown) =>
      setRemoveError(asDeskError(error).message),
    );
  }

  async function check() {
    setChecking(true);
    await checkNow()
      .catch(() => undefined)
      .finally(() => setChecking(false));
  }

  return (
    <section className="card mining-alerts" aria-labelledby="alerts-title">
      <div className="section-head">
        <h2 id="alerts-title">Alerts</h2>
        <div className="mining-head-right">
          <DataAge fetchedAt={data?.fetchedAt} loading={remote.loading || checking} />
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void check()}
            disabled={checking}
          >
            Check the pool now
          </button>
        </div>
      </div>
      <p className="muted small" data-testid="alerts-watch">
        {data
          ? `Main watches the pool every ${Math.round(data.intervalMs / 60_000)} min, with the window hidden too. ` +
            (data.lastPollAt === null
              ? 'No check yet.'
              : `Last check ${formatTime(data.lastPollAt)}.`)
          : 'Loading…'}
      </p>
      {notices.length ? (
        <div className="alert-notices">
          {notices.map((e) => (
            <p
              key={e.id}
              role={e.kind === 'alert' ? 'alert' : 'status'}
              className={`banner ${e.kind === 'alert' ? 'banner-bad' : 'banner-ok'}`}
            >
              {e.kind === 'alert' ? 'Alert: ' : 'Recovered: '}
              {e.message}
            </p>
          ))}
        </div>
      ) : null}
      {remote.error && data ? <RefreshAlert error={remote.error} onRetry={() => load()} /> : null}
      <DataTable
        label="Alert events"
        rows={events}
        columns={EVENT_COLUMNS}
        rowKey={(e) => String(e.id)}
        status={data ? 'ready' : statusOf(remote)}
        error={remote.error}
        onRetry={() => void load()}
        empty="No alert yet: the pool has shown nothing wrong."
        initialSort={{ id: 'time', dir: 'desc' }}
        height={Math.min(288, Math.max(events.length, 3) * 36 + 2)}
        rowTestId="alert-event"
      />

      <div className="alert-rules">
        <h3 id="alert-rules-title">Rules</h3>
        <p className="muted small">
          An alert needs two readings in a row that agree, and says when it recovered. Leave a field
          empty to turn that check off{target ? ' (for a worker: to keep the account’s)' : ''}. In
          force for {account}: {ruleSummary(accountRule)}.
        </p>
        <SelectField
          id="alert-target"
          label="Applies to"
          value={target}
          options={targets}
          onChange={(value) => {
            setTarget(value);
            setSaved(undefined);
          }}
        />
        <RuleForm
          key={`${account}|${target}|${JSON.stringify(initial)}`}
          account={account}
          worker={target}
          initial={initial}
          onSaved={setSaved}
        />
        {saved ? (
          <p role="status" className="muted small">
            {saved}
          </p>
        ) : null}
        {rules?.workers.length ? (
          <ul className="alert-overrides" aria-label="Worker overrides">
            {rules.workers.map((w) => (
              <li key={w.worker}>
                <span>
                  {w.worker}: {ruleSummary({ ...accountRule, ...w.rule })}
                </span>
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  onClick={() => void removeOverride(w.worker)}
                >
                  Remove the override of {w.worker}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {removeError ? (
          <p className="form-alert" role="alert">
            {removeError}
          </p>
        ) : null}
      </div>

      <QuietForm
        key={JSON.stringify(data?.quietHours ?? null)}
        initial={data?.quietHours ?? null}
      />
    </section>
  );
}
