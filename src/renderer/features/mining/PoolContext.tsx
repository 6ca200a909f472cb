import Decimal from 'decimal.js';
import { useEffect } from 'react';
import type { MiningWorkers } from '../../../shared/model';
import { DataAge } from '../../components/DataAge';
import { RefreshAlert } from '../../components/ViewParts';
import { MASK } from '../../lib/decimal';
import { percentChange } from '../../lib/format';
import { formatCount } from '../../lib/numberFormat';
import { formatHashrate, formatRawHashrate } from './units';
import { usePool } from './watcherLinksStore';
import { useWorkers } from './workersStore';

/** A fall of more than this (percent against its own average) reads as "down". */
const DOWN_PERCENT = -10;

/** `now` against `average` in percent (decimal), or null without an average. */
function changeOf(now: string, average: string | null): Decimal | null {
  if (average === null) return null;
  const base = new Decimal(average);
  return base.isZero() ? null : new Decimal(now).minus(base).div(base).times(100);
}

/** The account's hashrate now and over 24 h: the sum over its workers. */
function accountFigures(workers: MiningWorkers) {
  const sum = (pick: (w: MiningWorkers['workers'][number]) => string) =>
    workers.workers.reduce((s, w) => s.plus(pick(w)), new Decimal(0)).toFixed();
  return { now: sum((w) => w.now), average24h: sum((w) => w.average24h) };
}

/** "Is it me or the pool?" in one sentence, from both changes against their own averages. */
function verdict(account: Decimal | null, pool: Decimal | null): string {
  if (account === null || pool === null) return '';
  const accountDown = account.lt(DOWN_PERCENT);
  const poolDown = pool.lt(DOWN_PERCENT);
  if (accountDown && poolDown) return 'Both are down: the pool too, not only this account.';
  if (accountDown) return 'Only this account is down: the pool is steady. Look at its workers.';
  if (poolDown) return 'The pool is down; this account is steady.';
  return 'Both are steady.';
}

function Change({ value, against }: { value: Decimal | null; against: string }) {
  if (value === null) return <span className="muted small">No average to compare yet</span>;
  const change = percentChange(value.toFixed());
  return (
    <span className={change.direction === 'flat' ? 'small' : `small ${change.direction}`}>
      {change.text} against {against}
    </span>
  );
}

/**
 * The whole pool's hashrate and workers beside the chosen account's (its workers' sum), each with
 * its change against its own average, so a drop reads at a glance as the account's or the pool's.
 */
export function PoolContext({ account, privacy }: { account: string; privacy: boolean }) {
  const pool = usePool();
  const loadPool = usePool((s) => s.load);
  const workers = useWorkers((s) => (s.data?.account === account ? s.data : undefined));
  useEffect(() => {
    void loadPool(undefined);
  }, [account, loadPool]);

  const mine = workers ? accountFigures(workers) : undefined;
  const mineChange = mine ? changeOf(mine.now, mine.average24h) : null;
  const poolData = pool.data;
  const poolChange = poolData ? changeOf(poolData.hashrate, poolData.average7d) : null;
  const counts = workers?.info.workers;
  const sentence = privacy ? '' : verdict(mineChange, poolChange);

  return (
    <section className="card mining-pool" aria-labelledby="pool-title">
      <div className="section-head">
        <h2 id="pool-title">This account and the pool</h2>
        <DataAge fetchedAt={poolData?.fetchedAt} loading={pool.loading} />
      </div>
      {pool.error ? <RefreshAlert error={pool.error} onRetry={() => loadPool(undefined)} /> : null}
      <dl className="pool-context">
        <div>
          <dt>Hashrate of {account}</dt>
          <dd
            data-testid="account-hashrate"
            title={mine && !privacy ? formatRawHashrate(mine.now) : undefined}
          >
            {mine ? (privacy ? MASK : formatHashrate(mine.now)) : '…'}
          </dd>
          <dd>
            {mine && !privacy ? <Change value={mineChange} against="its 24 h average" /> : null}
          </dd>
        </div>
        <div>
          <dt>Pool hashrate</dt>
          <dd
            data-testid="pool-hashrate"
            title={poolData ? formatRawHashrate(poolData.hashrate) : undefined}
          >
            {poolData ? formatHashrate(poolData.hashrate) : '…'}
          </dd>
          <dd>{poolData ? <Change value={poolChange} against="its 7-day average" /> : null}</dd>
        </div>
        <div>
          <dt>Workers of {account}</dt>
          <dd data-testid="account-workers">
            {counts
              ? `${formatCount(counts.online)} online, ${formatCount(counts.low)} low, ${formatCount(counts.offline)} offline`
              : '…'}
          </dd>
        </div>
        <div>
          <dt>Pool workers</dt>
          <dd data-testid="pool-workers">{poolData ? formatCount(poolData.workers) : '…'}</dd>
        </div>
      </dl>
      {sentence ? (
        <p className="pool-verdict" data-testid="pool-verdict">
          {sentence}
        </p>
      ) : null}
    </section>
  );
}
