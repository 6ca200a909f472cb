import { formatCount } from '../../lib/numberFormat';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { HashrateInterval } from '../../../shared/model';
import { DataAge } from '../../components/DataAge';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { SelectField, TextField } from '../../components/Field';
import { useProfilesStore } from '../accounts';
import { useSettings } from '../../lib/settingsStore';
import { useShellStore } from '../../lib/shellStore';
import { useNow } from '../../lib/useNow';
import { useWidth } from '../../lib/useWidth';
import { HashrateChart, chartEvents } from './HashrateChart';
import {
  INTERVALS,
  RANGES,
  accountFor,
  detailInterval,
  toLocalInput,
  useHashrate,
  useMiningStore,
  type PresetRange,
} from './miningStore';
import { INTERVAL_LABELS, Stats } from './MiningParts';
import { WorkersSection } from './WorkersSection';
import { AlertsSection } from './AlertsSection';
import { useMiningAlerts } from './alertsStore';
import { PayoutSection } from './PayoutSection';
import { RewardsSection } from './RewardsSection';
import { useMiningAccounts } from './workersStore';
import { PoolContext } from './PoolContext';
import { WatcherLinksSection } from './WatcherLinksSection';

/** Chart width when it cannot be measured (tests); the request asks for about one point a pixel. */
const FALLBACK_WIDTH = 960;

/** The Mining screen: one pool account's hashrate over a period, at a glance and in detail. */
export function MiningView() {
  const profiles = useProfilesStore((s) => s.state);
  const profileId = profiles?.activeId;
  const isDemo = profiles?.profiles.find((p) => p.id === profileId)?.isDemo ?? false;
  const accounts = useMiningStore((s) => s.accounts);
  const account = accountFor(accounts, profileId, isDemo);
  const setAccount = useMiningStore((s) => s.setAccount);
  const range = useMiningStore((s) => s.range);
  const interval = useMiningStore((s) => s.interval);
  const intervalSetBy = useMiningStore((s) => s.intervalSetBy);
  const customFrom = useMiningStore((s) => s.customFrom);
  const customTo = useMiningStore((s) => s.customTo);
  const setRange = useMiningStore((s) => s.setRange);
  const setInterval = useMiningStore((s) => s.setInterval);
  const exportCsv = useMiningStore((s) => s.exportCsv);
  const setCustom = useMiningStore((s) => s.setCustom);
  const openCustom = useMiningStore((s) => s.openCustom);
  const data = useHashrate((s) => s.data);
  const loading = useHashrate((s) => s.loading);
  const error = useMiningStore((s) => s.error);
  const fieldErrors = useMiningStore((s) => s.fieldErrors);
  const loadStore = useMiningStore((s) => s.load);
  const privacy = useSettings((s) => s.privacy);
  // The alert events the account's chart marks.
  const alertEvents = useMiningAlerts((s) => s.data?.events);
  const shownAccount = data?.account;
  const chartMarks = useMemo(
    () => (shownAccount ? chartEvents(alertEvents, shownAccount) : []),
    [alertEvents, shownAccount],
  );
  // Whether the latest reading is still "current" (checked each half minute).
  const now = useNow();

  // The account picker lists the profile's mining accounts (typed in when they cannot be listed).
  const minedAccounts = useMiningAccounts((s) => s.data);
  const loadAccounts = useMiningAccounts((s) => s.load);
  useEffect(() => {
    if (profileId) void loadAccounts();
  }, [profileId, loadAccounts]);
  const known = useMemo(() => minedAccounts?.accounts.map((a) => a.name) ?? [], [minedAccounts]);

  const chartBox = useRef<HTMLDivElement>(null);
  const width = useWidth(chartBox, FALLBACK_WIDTH);
  const [brushed, setBrushed] = useState<{ from: number; to: number } | undefined>();

  const load = useCallback(() => {
    setBrushed(undefined);
    void loadStore(account.trim(), width);
  }, [loadStore, account, width]);

  // The header's Refresh (and its shortcut) reloads the shown period. No timer: a long range is
  // dozens of requests, and past hashrate does not change.
  const setRefresh = useShellStore((s) => s.setRefresh);
  useEffect(() => {
    setRefresh(load);
    return () => setRefresh(undefined);
  }, [load, setRefresh]);

  // The first visit loads what the form holds (when there is an account to ask for).
  useEffect(() => {
    if (profileId && account.trim() && !useHashrate.getState().data)
      void loadStore(account.trim(), width);
    // Only when the profile becomes known or changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [profileId]);

  // Set when the user opens the period inputs, so the start input takes the focus.
  const [focusPeriod, setFocusPeriod] = useState(false);
  const chooseRange = (next: PresetRange) => {
    setFocusPeriod(false);
    setRange(next);
    if (account.trim()) load();
  };
  const chooseCustom = () => {
    openCustom();
    // Newly opened, the start input takes the focus as it mounts; already open, now.
    setFocusPeriod(true);
    document.getElementById('mining-from')?.focus();
  };
  const chooseInterval = (next: HashrateInterval) => {
    setInterval(next);
    if (account.trim()) load();
  };
  const zoomIn = () => {
    if (!brushed || !data) return;
    const from = Math.floor(brushed.from / 1000);
    const to = Math.ceil(brushed.to / 1000);
    setCustom(toLocalInput(from), toLocalInput(to + 60));
    setInterval(detailInterval(data.interval, to - from), 'window');
    load();
  };

  const intervalNote = intervalSetBy
    ? `Interval changed to ${INTERVAL_LABELS[interval]} for ${
        intervalSetBy === 'window'
          ? 'the selected window'
          : RANGES.find((r) => r.id === intervalSetBy)!.label
      }.`
    : '';

  const empty = data && data.points.length === 0;
  const summary = useMemo(
    () =>
      data
        ? `${formatCount(data.fetchedPoints)} points fetched in ${data.requests} ${
            data.requests === 1 ? 'request' : 'requests'
          }, ${formatCount(data.points.length)} drawn`
        : '',
    [data],
  );

  return (
    <div className="mining">
      <section className="card mining-form-card" aria-labelledby="mining-form-title">
        <h2 id="mining-form-title" className="sr-only">
          Hashrate query
        </h2>
        <form
          className="mining-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            load();
          }}
        >
          <div className="mining-account">
            {known.length > 0 ? (
              <SelectField
                id="mining-account"
                label="Mining account"
                value={account}
                options={(known.includes(account) ? known : [account, ...known]).map((name) => ({
                  value: name,
                  label: name,
                }))}
                onChange={(value) => profileId && setAccount(profileId, value)}
                error={fieldErrors.account}
              />
            ) : (
              <TextField
                id="mining-account"
                label="Mining account"
                value={account}
                onChange={(value) => profileId && setAccount(profileId, value)}
                error={fieldErrors.account}
                autoComplete="off"
                spellCheck={false}
                maxLength={64}
              />
            )}
          </div>
          <div className="field mining-ranges">
            <span className="mining-label" id="mining-range-label">
              Range
            </span>
            <div className="segmented" role="group" aria-labelledby="mining-range-label">
              {RANGES.map((r) => (
                <button
                  key={r.id}
                  type="button"
                  className={`seg ${range === r.id ? 'active' : ''}`}
                  aria-pressed={range === r.id}
                  onClick={() => chooseRange(r.id)}
                >
                  {r.label}
                </button>
              ))}
              <button
                type="button"
                className={`seg ${range === 'custom' ? 'active' : ''}`}
                aria-pressed={range === 'custom'}
                onClick={chooseCustom}
              >
                Custom
              </button>
            </div>
          </div>
          <div className="field mining-interval">
            <label htmlFor="mining-interval">Interval</label>
            <select
              id="mining-interval"
              aria-describedby="mining-interval-note"
              value={interval}
              onChange={(e) => chooseInterval(e.target.value as HashrateInterval)}
            >
              {INTERVALS.map((i) => (
                <option key={i} value={i}>
                  {INTERVAL_LABELS[i]}
                </option>
              ))}
            </select>
          </div>
          {/* The period's inputs: for a custom period, or to show the exchange's refusal of one. */}
          {range === 'custom' || fieldErrors.from || fieldErrors.to ? (
            <div className="mining-period">
              <TextField
                id="mining-from"
                label="From"
                type="datetime-local"
                value={customFrom}
                onChange={(value) => setCustom(value, customTo)}
                error={fieldErrors.from}
                autoFocus={focusPeriod}
              />
              <TextField
                id="mining-to"
                label="To"
                type="datetime-local"
                value={customTo}
                onChange={(value) => setCustom(customFrom, value)}
                error={fieldErrors.to}
              />
            </div>
          ) : null}
          <div className="actions mining-submit">
            <button
              type="submit"
              className="btn btn-primary"
              disabled={loading}
              aria-busy={loading}
            >
              {loading ? 'Loading…' : 'Show'}
            </button>
          </div>
          <p id="mining-interval-note" className="mining-note" role="status">
            {intervalNote}
          </p>
        </form>
      </section>

      {account.trim() ? <PoolContext account={account.trim()} privacy={privacy} /> : null}
      {error ? (
        <div className="banner banner-bad" role="alert">
          <p>The hashrate could not be loaded: {error}</p>
        </div>
      ) : null}

      <section className="card mining-chart-card" aria-labelledby="mining-chart-title">
        <div className="section-head">
          <h2 id="mining-chart-title">Hashrate{data ? ` · ${data.account}` : ''}</h2>
          <div className="mining-head-right">
            <DataAge fetchedAt={data?.fetchedAt} loading={loading} />
            <ExportCsvButton
              exportCsv={exportCsv}
              unit={['point', 'points']}
              disabled={!data || data.points.length === 0}
            />
          </div>
        </div>
        {data && !empty ? <Stats series={data} privacy={privacy} now={now} /> : null}
        <div className="mining-chart-box" ref={chartBox}>
          {data && !empty ? (
            <HashrateChart
              key={data.fetchedAt}
              series={data}
              width={width}
              privacy={privacy}
              events={chartMarks}
              onWindow={setBrushed}
            />
          ) : empty ? (
            <div className="mining-empty" data-testid="mining-empty">
              <p>No hashrate for this account in this period</p>
              <p className="muted small">
                A disabled account, or one that did not mine then, has no points.
              </p>
            </div>
          ) : loading ? (
            <div className="mining-empty" aria-busy="true">
              <span className="skeleton mining-skeleton" aria-label="Loading" />
            </div>
          ) : (
            <div className="mining-empty">
              <p className="muted">
                {fieldErrors.account || fieldErrors.from || fieldErrors.to
                  ? 'Nothing to show: correct the field marked above.'
                  : 'Enter a mining account and choose a period.'}
              </p>
            </div>
          )}
        </div>
        {data && !empty ? (
          <div className="mining-foot">
            <span className="muted small" data-testid="mining-summary">
              {summary}
            </span>
            {brushed ? (
              <button type="button" className="btn btn-secondary" onClick={zoomIn}>
                Load detail for the selected window
              </button>
            ) : (
              <span className="muted small">Drag the handles under the chart to zoom.</span>
            )}
          </div>
        ) : null}
      </section>

      {account.trim() ? <WorkersSection account={account.trim()} privacy={privacy} /> : null}
      {account.trim() ? <AlertsSection account={account.trim()} /> : null}
      {account.trim() ? <PayoutSection account={account.trim()} /> : null}
      {account.trim() ? <WatcherLinksSection account={account.trim()} /> : null}
      {account.trim() ? <RewardsSection account={account.trim()} /> : null}
    </div>
  );
}
