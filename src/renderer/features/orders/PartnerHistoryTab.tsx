import { formatCount } from '../../lib/numberFormat';
import { ORDERS } from './parts';
import { statusOf } from '../../lib/remote';
import { useMemo, useState } from 'react';
import type { ProfileSummary } from '../../../shared/model';
import { DataAge } from '../../components/DataAge';
import { DataTable } from '../../components/table/DataTable';
import { useAutoRefresh } from '../../lib/useAutoRefresh';
import { activeProfile, usePartnerHistory, useProfilesStore } from '../accounts';
import { useShellStore } from '../../lib/shellStore';
import { marketLabel } from '../../lib/format';
import { useOrdersStore } from './ordersStore';
import { RefreshAlert, tableHeight } from '../../components/ViewParts';
import { EXECUTED_LIMIT } from '../../../shared/executed';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { SelectField } from '../../components/Field';
import { useHistoryColumns, type HistoryRow } from './historyColumns';

/** Why this tab has no orders yet (not connected, or the connection was lost), and where to connect. */
function ConnectExplanation({ profile }: { profile: ProfileSummary | undefined }) {
  const go = useShellStore((s) => s.go);
  const name = profile ? `“${profile.name}”` : 'the active profile';
  return (
    <section className="empty-state" aria-labelledby="order-history-connect">
      <h2 id="order-history-connect">Connect a partner app to see the orders it reads</h2>
      <p>
        Executed orders and Deals show your history, read with the API key. This tab reads it
        through a partner (OAuth) app registered with the exchange, as a partner platform sees it.
      </p>
      {profile?.oauth.partnerConfigured ? (
        <p>
          The partner app of {name} is saved but not connected. In Accounts, press{' '}
          <strong>Connect</strong> under “Partner app (order history)” and approve the access in
          your browser.
        </p>
      ) : (
        <ol className="steps">
          <li>Register a partner app with the exchange and note its client id and secret.</li>
          <li>In Accounts, under “Partner app (order history)” of {name}, paste them and save.</li>
          <li>
            Press <strong>Connect</strong> and approve the access in your browser.
          </li>
        </ol>
      )}
      {profile?.oauth.lost ? (
        <p className="result result-bad">The connection was lost: {profile.oauth.lost}</p>
      ) : null}
      {profile?.oauth.error ? (
        <p className="result result-bad">The last attempt failed: {profile.oauth.error}</p>
      ) : null}
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={() => go('accounts')}>
          Open Accounts
        </button>
      </div>
    </section>
  );
}

type SideFilter = '' | 'buy' | 'sell';

function ExecutedOrdersTable() {
  const slot = usePartnerHistory();
  const load = usePartnerHistory((s) => s.loadLatest);
  const exportCsv = useOrdersStore((s) => s.exportPartnerHistoryCsv);
  const data = slot.data;
  useAutoRefresh(load, data?.fetchedAt);
  const [market, setMarket] = useState('');
  const [side, setSide] = useState<SideFilter>('');

  const all = useMemo<HistoryRow[]>(
    () =>
      Object.entries(data?.orders ?? {}).flatMap(([m, list]) =>
        list.map((o) => ({ ...o, market: o.market || m, key: `${m}:${o.orderId}` })),
      ),
    [data],
  );
  const rows = useMemo(
    () => all.filter((o) => (!market || o.market === market) && (!side || o.side === side)),
    [all, market, side],
  );
  const markets = useMemo(() => [...new Set(all.map((o) => o.market))].sort(), [all]);
  const columns = useHistoryColumns();
  const filtered = market !== '' || side !== '';

  return (
    <div className="orders-section">
      <div className="section-head">
        <h2>Executed orders</h2>
        <div className="head-actions">
          <DataAge fetchedAt={data?.fetchedAt} loading={slot.loading} />
          <ExportCsvButton
            exportCsv={() =>
              exportCsv({
                ...(market ? { market } : {}),
                ...(side ? { side } : {}),
              })
            }
            unit={ORDERS}
            disabled={!data}
          />
        </div>
      </div>
      <form
        className="filters"
        aria-label="Filter executed orders"
        onSubmit={(e) => e.preventDefault()}
        noValidate
      >
        <SelectField
          id="executed-market"
          label="Market"
          value={market}
          options={[
            { value: '', label: 'All markets' },
            ...markets.map((m) => ({ value: m, label: marketLabel(m) })),
          ]}
          onChange={setMarket}
        />
        <SelectField<SideFilter>
          id="executed-side"
          label="Side"
          value={side}
          options={[
            { value: '', label: 'Buy and sell' },
            { value: 'buy', label: 'Buy' },
            { value: 'sell', label: 'Sell' },
          ]}
          onChange={setSide}
        />
      </form>
      {data && slot.error ? <RefreshAlert error={slot.error} onRetry={load} /> : null}
      {data ? (
        <p className="table-count muted" data-testid="executed-count" aria-live="polite">
          {filtered
            ? `Showing ${formatCount(rows.length)} of ${formatCount(all.length, ORDERS)}`
            : formatCount(all.length, ORDERS)}
          {all.length >= EXECUTED_LIMIT ? ' · the most recent the exchange returns' : ''}
        </p>
      ) : null}
      <DataTable
        label="Executed orders"
        rows={rows}
        columns={columns}
        rowKey={(o) => o.key}
        status={statusOf(slot)}
        error={slot.error}
        onRetry={() => void load()}
        empty={
          filtered
            ? 'No executed orders match these filters.'
            : 'No executed orders in the period the exchange reports.'
        }
        initialSort={{ id: 'time', dir: 'desc' }}
        height={tableHeight(rows.length, 14)}
        rowTestId="executed-order"
      />
    </div>
  );
}

/** Executed orders through the active profile's partner (OAuth) connection. */
export function PartnerHistoryTab() {
  const state = useProfilesStore((s) => s.state);
  const profilesError = useProfilesStore((s) => s.error);
  const profile = activeProfile(state);
  if (!state) {
    return (
      <p className="muted" role="status">
        {profilesError ? `Could not read the accounts: ${profilesError}` : 'Reading accounts…'}
      </p>
    );
  }
  if (!profile?.oauth.connected) return <ConnectExplanation profile={profile} />;
  return <ExecutedOrdersTable />;
}
