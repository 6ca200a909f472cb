import { useRef, type KeyboardEvent } from 'react';
import { ActiveOrdersTab } from './ActiveOrdersTab';
import { ApiOrdersTab, DealsTab } from './KeyHistoryTabs';
import { ConditionalTab } from './ConditionalTab';
import { PartnerHistoryTab } from './PartnerHistoryTab';
import { useShellStore, type OrdersTab } from '../../lib/shellStore';

const TABS: { id: OrdersTab; label: string }[] = [
  { id: 'active', label: 'Active' },
  { id: 'conditional', label: 'Conditional' },
  { id: 'executed', label: 'Executed orders' },
  { id: 'deals', label: 'Deals' },
  { id: 'partner', label: 'Order history (partner)' },
];

/**
 * Orders: active orders (with cancel), conditional OCO/OTO orders, executed orders and deals by API
 * key, and the order history of a partner (OAuth) connection.
 */
export function OrdersView() {
  const tab = useShellStore((s) => s.ordersTab);
  const setTab = useShellStore((s) => s.setOrdersTab);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  // Arrow keys, Home and End move between tabs (WAI-ARIA tabs pattern, automatic activation).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((t) => t.id === tab);
    const last = TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    setTab(TABS[next]!.id);
    buttons.current[next]?.focus();
  };

  return (
    <div className="orders">
      <div className="tabs" role="tablist" aria-label="Orders" onKeyDown={onKeyDown}>
        {TABS.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`orders-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={tab === t.id ? `orders-panel-${t.id}` : undefined}
            tabIndex={tab === t.id ? 0 : -1}
            className={tab === t.id ? 'tab active' : 'tab'}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`orders-panel-${tab}`}
        aria-labelledby={`orders-tab-${tab}`}
        className="tab-panel"
      >
        {tab === 'active' ? (
          <ActiveOrdersTab />
        ) : tab === 'conditional' ? (
          <ConditionalTab />
        ) : tab === 'executed' ? (
          <ApiOrdersTab />
        ) : tab === 'deals' ? (
          <DealsTab />
        ) : (
          <PartnerHistoryTab />
        )}
      </div>
    </div>
  );
}
