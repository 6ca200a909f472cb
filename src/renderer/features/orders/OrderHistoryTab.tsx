import { formatCount } from '../../lib/numberFormat';
import { ORDERS } from './parts';
import { statusOf } from '../../lib/remote';
import { useMemo, useState } from 'react';
import type { ExecutedOrder, ProfileSummary } from '../../../shared/model';
import { Amount } from '../../components/Amount';
import { DataAge } from '../../components/DataAge';
import { DataTable, type Column } from '../../components/DataTable';
import { compareDecimal, isZero } from '../../lib/decimal';
import { useAutoRefresh } from '../../lib/useAutoRefresh';
import { activeProfile, useProfilesStore } from '../accounts';
import { useShellStore } from '../../lib/shellStore';
import {
  averagePlaces,
  averagePrice,
  DEFAULT_PLACES,
  feePlaces,
  marketLabel,
  marketPlaces,
  placesFor,
  PRICE_PLACES,
  splitMarket,
  statusLabel,
  typeLabel,
  type MarketPlaces,
} from '../../lib/format';
import { useOrderHistory, useOrdersStore } from './ordersStore';
import { RefreshAlert, tableHeight, Time } from '../../components/ViewParts';
import { marketAndSideColumns } from './parts';
import { EXECUTED_LIMIT, isSpendOrder } from '../../../shared/executed';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { SelectField } from '../../components/Field';

interface HistoryRow extends ExecutedOrder {
  /** Unique per row: market and order id. */
  key: string;
}

/** The order's price, or for a market order reported with price 0 its average fill price. */
function shownPrice(o: ExecutedOrder): string | null {
  if (!isZero(o.price)) return o.price;
  return averagePrice(o.dealMoney, o.dealStock);
}

/** A market order has no price (the exchange sends 0): its average fill price, or "Market". */
function PriceCell({ order: o, places }: { order: ExecutedOrder; places: number }) {
  const unit = splitMarket(o.market)[1];
  if (!isZero(o.price)) return <Amount value={o.price} places={places} unit={unit} />;
  const avg = averagePrice(o.dealMoney, o.dealStock);
  if (avg === null) return <span className="muted">Market</span>;
  return (
    <span title="Average fill price: total ÷ filled">
      <span className="muted">avg</span>{' '}
      <Amount value={avg} places={averagePlaces(avg, places)} unit={unit} />
    </span>
  );
}

function historyColumns(
  places: Map<string, MarketPlaces>,
  moneyPlaces: Map<string, number>,
): Column<HistoryRow>[] {
  const of = (o: HistoryRow) => places.get(o.market) ?? DEFAULT_PLACES;
  const money = (o: HistoryRow) => moneyPlaces.get(o.market) ?? PRICE_PLACES.min;
  return [
    ...marketAndSideColumns<HistoryRow>(),
    {
      id: 'type',
      header: 'Type',
      width: '72px',
      cell: (o) => typeLabel(o.type),
    },
    {
      id: 'price',
      header: 'Price',
      align: 'right',
      width: 'minmax(110px, 1fr)',
      cell: (o) => <PriceCell order={o} places={of(o).price} />,
      sort: (a, b) => compareDecimal(shownPrice(a), shownPrice(b)),
    },
    {
      id: 'amount',
      header: 'Amount',
      align: 'right',
      width: 'minmax(110px, 1fr)',
      cell: (o) =>
        isSpendOrder(o) ? (
          <span title="A market buy by money amount: what was to be spent">
            Spent <Amount value={o.amount} places={money(o)} unit={splitMarket(o.market)[1]} />
          </span>
        ) : (
          <Amount value={o.amount} places={of(o).stock} unit={splitMarket(o.market)[0]} />
        ),
      sort: (a, b) => compareDecimal(a.amount, b.amount),
    },
    {
      id: 'dealStock',
      header: 'Filled',
      align: 'right',
      width: 'minmax(100px, 1fr)',
      cell: (o) => (
        <Amount value={o.dealStock} places={of(o).stock} unit={splitMarket(o.market)[0]} />
      ),
      sort: (a, b) => compareDecimal(a.dealStock, b.dealStock),
    },
    {
      id: 'dealMoney',
      header: 'Total',
      align: 'right',
      width: 'minmax(100px, 1fr)',
      cell: (o) => <Amount value={o.dealMoney} places={money(o)} unit={splitMarket(o.market)[1]} />,
      sort: (a, b) => compareDecimal(a.dealMoney, b.dealMoney),
    },
    {
      id: 'fee',
      header: 'Fee',
      align: 'right',
      width: 'minmax(90px, 0.8fr)',
      cell: (o) => (
        <Amount value={o.dealFee} places={feePlaces(o.dealFee)} unit={splitMarket(o.market)[1]} />
      ),
      sort: (a, b) => compareDecimal(a.dealFee, b.dealFee),
    },
    {
      id: 'status',
      header: 'Status',
      width: '112px',
      cell: (o) => (o.status ? statusLabel(o.status) : <span className="muted">—</span>),
      sort: (a, b) => (a.status ?? '').localeCompare(b.status ?? ''),
    },
    {
      id: 'time',
      header: 'Time',
      width: '184px',
      cell: (o) => <Time ms={o.timestamp} />,
      sort: (a, b) => a.timestamp - b.timestamp,
    },
  ];
}

/** Why there is no order history yet, and where to connect the partner app. */
function ConnectExplanation({ profile }: { profile: ProfileSummary | undefined }) {
  const go = useShellStore((s) => s.go);
  const name = profile ? `“${profile.name}”` : 'the active profile';
  return (
    <section className="empty-state" aria-labelledby="order-history-connect">
      <h2 id="order-history-connect">Connect the partner app to see your order history</h2>
      <p>
        The exchange gives executed orders only to a partner (OAuth) app that you register with it.
        Order history is read through that connection, never with your API key.
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
  const slot = useOrderHistory();
  const load = useOrdersStore((s) => s.loadHistory);
  const exportCsv = useOrdersStore((s) => s.exportHistoryCsv);
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
  // A spend order's amount is money: the stock places come from what filled instead.
  const places = useMemo(
    () => marketPlaces(all.map((r) => (isSpendOrder(r) ? { ...r, amount: r.dealStock } : r))),
    [all],
  );
  const moneyPlaces = useMemo(() => {
    const byMarket = new Map<string, string[]>();
    for (const r of all) byMarket.set(r.market, [...(byMarket.get(r.market) ?? []), r.price]);
    return new Map(
      [...byMarket].map(([m, values]) => [
        m,
        placesFor(values, PRICE_PLACES.min, PRICE_PLACES.max),
      ]),
    );
  }, [all]);
  const columns = useMemo(() => historyColumns(places, moneyPlaces), [places, moneyPlaces]);
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
export function OrderHistoryTab() {
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
