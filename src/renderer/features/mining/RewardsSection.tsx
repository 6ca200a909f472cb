import { useEffect, useMemo } from 'react';
import type { MiningRewardMonth, MiningRewardRow } from '../../../shared/model';
import { Amount } from '../../components/Amount';
import { DataAge } from '../../components/DataAge';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { decimalColumn, statusColumn, textColumn } from '../../components/table/columns';
import { DataTable, type Column } from '../../components/table/DataTable';
import { RefreshAlert, tableHeight } from '../../components/ViewParts';
import { MASK, formatDecimal } from '../../lib/decimal';
import { statusOf } from '../../lib/remote';
import { useSettings } from '../../lib/settingsStore';
import { exportRewardsCsv, useRewards } from './rewardsStore';
import { formatHashrate } from './units';

/** Places of a currency whose display precision the exchange did not give. */
const UNKNOWN_PLACES = 8;
const STATUS_WORDS = { pending: 'Pending', successful: 'Paid', canceled: 'Canceled' } as const;
const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const MONTH = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2026-03" -> "Mar 2026" (the user's locale). */
function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return year && number ? MONTH.format(Date.UTC(year, number - 1, 1)) : month;
}

function payoutText(r: MiningRewardRow): string {
  if (r.payoutDestination === 'main_balance') return 'Main balance';
  return r.payoutAddress ?? 'External address';
}

function valueCell(value: string | null, places: number, quote: string) {
  return value === null ? (
    <span title={`No close in ${quote} that day`}>—</span>
  ) : (
    <Amount value={value} places={places} unit={quote} />
  );
}

/** The rewards of the chosen account: per UTC day, the totals per month, CSV. */
export function RewardsSection({ account }: { account: string }) {
  const quote = useSettings((s) => s.quote);
  const privacy = useSettings((s) => s.privacy);
  const remote = useRewards();
  const load = remote.load;
  useEffect(() => {
    if (account) void load({ account, quote });
  }, [account, quote, load]);
  const data = remote.data?.account === account ? remote.data : undefined;
  const placesOf = useMemo(() => {
    const precisions = data?.precisions ?? {};
    return (currency: string) => precisions[currency] ?? UNKNOWN_PLACES;
  }, [data]);
  const quotePlaces = data?.quotePlaces ?? UNKNOWN_PLACES;
  const shownQuote = data?.quote ?? quote;

  const days: Column<MiningRewardRow>[] = [
    textColumn(
      'day',
      'Day (UTC)',
      '118px',
      (r) => String(r.day).padStart(16, '0'),
      (r) => DAY.format(r.day),
    ),
    decimalColumn(
      'reward',
      'Reward',
      'minmax(130px, 1fr)',
      (r) => r.reward,
      (r) => <Amount value={r.reward} places={placesOf(r.currency)} unit={r.currency} />,
    ),
    decimalColumn(
      'fee',
      'Fee',
      'minmax(120px, 1fr)',
      (r) => r.fee,
      (r) => <Amount value={r.fee} places={placesOf(r.currency)} unit={r.currency} />,
    ),
    decimalColumn(
      'feePercent',
      'Fee %',
      '72px',
      (r) => r.feePercent,
      (r) =>
        r.feePercent === null ? (
          '—'
        ) : (
          <span title={`${r.feePercent} %`}>{formatDecimal(r.feePercent, 2)} %</span>
        ),
    ),
    {
      ...decimalColumn(
        'hashrate',
        'Hashrate',
        '110px',
        (r) => r.hashrate,
        (r) => (privacy ? MASK : formatHashrate(r.hashrate)),
      ),
      // The Workers table and the chart say it too: the first to give way when narrow.
      priority: 'low',
    },
    statusColumn(
      (r) => r.status,
      '92px',
      (r) => <span className={`reward-status reward-${r.status}`}>{STATUS_WORDS[r.status]}</span>,
    ),
    {
      ...textColumn('payout', 'Payout', 'minmax(120px, 1.2fr)', payoutText, (r) => (
        <span className="reward-payout" title={r.payoutTransactionHash ?? undefined}>
          {payoutText(r)}
        </span>
      )),
      priority: 'low',
    },
    decimalColumn(
      'value',
      `Value (${shownQuote})`,
      // A month's value in a crypto quote at its places: "108.703427 USDT".
      'minmax(144px, 1fr)',
      (r) => r.value,
      (r) => valueCell(r.value, quotePlaces, shownQuote),
    ),
  ];

  const months: Column<MiningRewardMonth>[] = [
    textColumn(
      'month',
      'Month',
      '110px',
      (m) => m.month,
      (m) => monthLabel(m.month),
    ),
    decimalColumn(
      'reward',
      'Reward',
      'minmax(130px, 1fr)',
      (m) => m.reward,
      (m) => <Amount value={m.reward} places={placesOf(m.currency)} unit={m.currency} />,
    ),
    decimalColumn(
      'fee',
      'Fee',
      'minmax(120px, 1fr)',
      (m) => m.fee,
      (m) => <Amount value={m.fee} places={placesOf(m.currency)} unit={m.currency} />,
    ),
    decimalColumn(
      'value',
      `Value (${shownQuote})`,
      // A month's value in a crypto quote at its places: "108.703427 USDT".
      'minmax(144px, 1fr)',
      (m) => m.value,
      (m) => valueCell(m.value, quotePlaces, shownQuote),
    ),
  ];

  const rows = data?.rows ?? [];
  return (
    <section className="card" aria-labelledby="rewards-title">
      <div className="section-head">
        <h2 id="rewards-title">Rewards</h2>
        <DataAge fetchedAt={data?.fetchedAt} loading={remote.loading} />
        <ExportCsvButton
          exportCsv={() => exportRewardsCsv({ account, quote: shownQuote })}
          unit={['reward', 'rewards']}
          label="Export rewards (CSV)"
          disabled={rows.length === 0}
        />
      </div>
      {remote.error && data ? (
        <RefreshAlert error={remote.error} onRetry={() => load({ account, quote })} />
      ) : null}
      <DataTable
        label="Rewards"
        rows={rows}
        columns={days}
        rowKey={(r) => String(r.day)}
        status={data ? 'ready' : statusOf(remote)}
        error={remote.error}
        onRetry={() => void load({ account, quote })}
        empty="No reward yet."
        initialSort={{ id: 'day', dir: 'desc' }}
        height={tableHeight(rows.length, 10)}
        rowTestId="reward-row"
      />
      {data ? (
        <>
          <h3 id="rewards-months-title">Rewards by month</h3>
          <DataTable
            label="Rewards by month"
            rows={data.months}
            columns={months}
            rowKey={(m) => `${m.month}\n${m.currency}`}
            status="ready"
            empty="No reward yet."
            height={tableHeight(data.months.length, 6)}
            rowTestId="reward-month-row"
          />
          <p className="muted small">
            Value: each day&apos;s reward at that day&apos;s close in {shownQuote} (daily candles,
            priced as the Overview prices your balances). Months leave out canceled days.
          </p>
        </>
      ) : null}
    </section>
  );
}
