import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import {
  HASHRATE_POINTS,
  HASHRATE_RANGE_LIMITS,
  type ChannelInput,
} from '../../../shared/contract';
import type { CsvExport, HashrateInterval } from '../../../shared/model';
import type { DeskError } from '../../../shared/errors';
import { getDesk } from '../../lib/desk';
import { createRemote } from '../../lib/remote';
import { deskFieldErrors, type FieldErrors } from '../../lib/parseForm';
import { mark } from '../../lib/userTiming';

export type MiningRange = '24h' | '7d' | '30d' | '90d' | '1y' | 'custom';
export type PresetRange = Exclude<MiningRange, 'custom'>;

const HOUR = 3600;
const DAY = 24 * HOUR;

export const RANGES: readonly { id: PresetRange; label: string; seconds: number }[] = [
  { id: '24h', label: '24 h', seconds: DAY },
  { id: '7d', label: '7 d', seconds: 7 * DAY },
  { id: '30d', label: '30 d', seconds: 30 * DAY },
  { id: '90d', label: '90 d', seconds: 90 * DAY },
  { id: '1y', label: '1 y', seconds: 365 * DAY },
];

export const INTERVALS: readonly HashrateInterval[] = ['5m', '1h', '24h'];

/**
 * The interval a range starts with (any can be chosen; main splits long ranges into requests the
 * exchange accepts): at most ~2,200 points fetched, one request, except 1 y at 24h (366 points).
 */
export const DEFAULT_INTERVAL: Readonly<Record<PresetRange, HashrateInterval>> = {
  '24h': '5m',
  '7d': '1h',
  '30d': '1h',
  '90d': '1h',
  '1y': '24h',
};

/**
 * The interval to load a brushed window of `seconds` at, shown at `current`: the finest whose one
 * request covers the window (the exchange's limits: 5m 7 days, 1h 90 days, 24h 366 days), but never
 * coarser than `current`, so no detail (an outage) is averaged away.
 */
export function detailInterval(current: HashrateInterval, seconds: number): HashrateInterval {
  const fits = INTERVALS.find((i) => seconds <= HASHRATE_RANGE_LIMITS[i]) ?? '24h';
  return INTERVALS.indexOf(fits) < INTERVALS.indexOf(current) ? fits : current;
}

/** The account a profile starts with: the demo's own miner on the Demo profile. */
export const DEMO_MINING_ACCOUNT = 'demo-miner';

/** Unix seconds -> the value of an <input type="datetime-local"> (local time, minutes). */
export function toLocalInput(seconds: number): string {
  const d = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The value of a datetime-local input (local time) -> Unix seconds; undefined when not a time. */
export function fromLocalInput(value: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return undefined;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : undefined;
}

export type MiningQuery = ChannelInput<'mining.hashrate'>;

interface MiningStore {
  /** Mining account name per profile id (remembered). */
  accounts: Record<string, string>;
  range: MiningRange;
  interval: HashrateInterval;
  /** What last changed the interval on its own (a range button, a brushed window), if it did. */
  intervalSetBy: PresetRange | 'window' | undefined;
  /** The period's inputs (datetime-local values); a preset fills them when it loads. */
  customFrom: string;
  customTo: string;
  /** Form-level message of the last failure (when no field took it). */
  error: string | undefined;
  /** Messages under the account, start and end inputs. */
  fieldErrors: FieldErrors;
  setAccount(profileId: string, account: string): void;
  /** Chooses a preset range and its default interval. */
  setRange(range: PresetRange): void;
  /** The user's choice, or (`by`) the interval a brushed window is loaded at. */
  setInterval(interval: HashrateInterval, by?: 'window'): void;
  setCustom(from: string, to: string): void;
  /** Opens the period inputs (a preset's period now when a preset was chosen); loads nothing. */
  openCustom(nowMs?: number): void;
  /** The period to ask for now: a preset ends now; custom from its inputs. */
  period(nowMs?: number): { from: number; to: number } | { field: 'from' | 'to'; error: string };
  /** Loads the series for `account` over the current period. Never rejects. */
  load(account: string, maxPoints: number): Promise<void>;
  /** The full series of the shown query as CSV (rejects with the DeskError). */
  exportCsv(): Promise<CsvExport>;
}

/** The hashrate series of one query (its fetch time inside); the form's state is below. */
export const useHashrate = createRemote({
  channel: 'mining.hashrate',
  fetch: (query: MiningQuery) => getDesk().mining.hashrate(query),
});

export const useMiningStore = create<MiningStore>()(
  persist(
    (set, get) => ({
      accounts: {},
      range: '24h',
      interval: DEFAULT_INTERVAL['24h'],
      intervalSetBy: undefined,
      customFrom: '',
      customTo: '',
      error: undefined,
      fieldErrors: {},
      setAccount: (profileId, account) =>
        set((s) => ({
          accounts: { ...s.accounts, [profileId]: account },
          fieldErrors: { ...s.fieldErrors, account: undefined },
        })),
      setRange: (range) =>
        set((s) => ({
          range,
          interval: DEFAULT_INTERVAL[range],
          intervalSetBy: DEFAULT_INTERVAL[range] === s.interval ? undefined : range,
          fieldErrors: { ...s.fieldErrors, from: undefined, to: undefined },
        })),
      setInterval: (interval, by) =>
        set((s) => ({ interval, intervalSetBy: by && interval !== s.interval ? by : undefined })),
      setCustom: (customFrom, customTo) =>
        set((s) => ({
          range: 'custom',
          intervalSetBy: undefined,
          customFrom,
          customTo,
          fieldErrors: { ...s.fieldErrors, from: undefined, to: undefined },
        })),
      openCustom(nowMs = Date.now()) {
        if (get().range === 'custom') return;
        const period = get().period(nowMs);
        if ('error' in period) return;
        set({
          range: 'custom',
          customFrom: toLocalInput(period.from),
          customTo: toLocalInput(period.to),
        });
      },
      period(nowMs = Date.now()) {
        const { range, customFrom, customTo } = get();
        if (range !== 'custom') {
          const to = Math.floor(nowMs / 1000);
          const seconds = RANGES.find((r) => r.id === range)!.seconds;
          return { from: to - seconds, to };
        }
        const from = fromLocalInput(customFrom);
        const to = fromLocalInput(customTo);
        if (from === undefined) return { field: 'from', error: 'Choose a start time.' };
        if (to === undefined) return { field: 'to', error: 'Choose an end time.' };
        if (from >= to) return { field: 'to', error: 'Choose an end after the start.' };
        return { from, to };
      },
      async load(account, maxPoints) {
        const period = get().period();
        if ('error' in period) {
          set({ fieldErrors: { [period.field]: period.error }, error: undefined });
          return;
        }
        if (get().range !== 'custom') {
          set({ customFrom: toLocalInput(period.from), customTo: toLocalInput(period.to) });
        }
        mark('mining:request');
        const series = useHashrate.getState();
        await series.load({
          account,
          from: period.from,
          to: period.to,
          interval: get().interval,
          maxPoints: Math.max(
            HASHRATE_POINTS.min,
            Math.min(HASHRATE_POINTS.max, Math.round(maxPoints)),
          ),
        });
        const { error } = useHashrate.getState();
        if (!error) {
          set({ error: undefined, fieldErrors: {} });
          mark('mining:data');
          return;
        }
        const { fields, rest } = deskFieldErrors(error, ['account', 'from', 'to', 'interval']);
        const fieldErrors: FieldErrors = {
          account: fields['account'],
          from: fields['from'],
          to: fields['to'],
        };
        const shown = fieldErrors.account || fieldErrors.from || fieldErrors.to;
        // A refused query's old chart no longer answers the question asked.
        if (shown) useHashrate.getState().reset();
        set({ error: shown ? fields['interval'] : (rest ?? error.message), fieldErrors });
      },
      async exportCsv() {
        const query = useHashrate.getState().query;
        if (!query) throw { code: 'NO_QUERY', message: 'Show a period first.' } satisfies DeskError;
        const { account, from, to, interval } = query;
        return getDesk().mining.exportCsv({ account, from, to, interval });
      },
    }),
    {
      name: 'exchange-desk-mining',
      version: 1,
      // Only the account names per profile are remembered: no server data.
      partialize: (s) => ({ accounts: s.accounts }),
    },
  ),
);

/** The account name shown for a profile: the remembered one, else the demo's miner on Demo. */
export function accountFor(
  accounts: Record<string, string>,
  profileId: string | undefined,
  isDemo: boolean,
): string {
  if (!profileId) return '';
  return accounts[profileId] ?? (isDemo ? DEMO_MINING_ACCOUNT : '');
}
