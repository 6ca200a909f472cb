import { Suspense, useEffect } from 'react';
import { LockGate } from './features/lock';
import { connectLive } from './features/live';
import { OverviewView } from './features/overview/OverviewView';
import { Header } from './features/shell/Header';
import { ScreenPlaceholder } from './features/shell/ScreenPlaceholder';
import { ShortcutsDialog } from './features/shell/ShortcutsDialog';
import { Sidebar } from './features/shell/Sidebar';
import { UpdateBanner } from './features/shell/UpdateBanner';
import { NoticesRegion } from './components/Notices';
import { lazyNamed } from './lib/lazyNamed';
import { SCREENS, useShellStore, type ScreenId } from './lib/shellStore';
import { useShortcuts } from './features/shell/shortcuts';
import { useApplyTheme } from './features/settings/theme';
import { useKeepWatching } from './features/settings/keepWatching';

/*
 * Overview, the first screen, is in the entry chunk; every other screen is its own chunk, loaded
 * when it is first opened (its stores stay in the entry: pushes and profile switches reach them).
 */
const OrdersView = lazyNamed(() => import('./features/orders/OrdersView'), 'OrdersView');
const TransfersView = lazyNamed(
  () => import('./features/transfers/TransfersView'),
  'TransfersView',
);
const TradeView = lazyNamed(() => import('./features/trade/TradeView'), 'TradeView');
const EarnView = lazyNamed(() => import('./features/earn/EarnView'), 'EarnView');
const MiningView = lazyNamed(() => import('./features/mining/MiningView'), 'MiningView');
const TaxesView = lazyNamed(() => import('./features/taxes/TaxesView'), 'TaxesView');
const AccountsView = lazyNamed(() => import('./features/accounts/AccountsView'), 'AccountsView');
const SettingsView = lazyNamed(() => import('./features/settings/SettingsView'), 'SettingsView');

/** While a screen's chunk loads (a moment, once): an empty, busy screen. */
const screenLoading = <div className="screen-loading" aria-busy="true" aria-label="Loading" />;

/** The window title names the screen; it never carries an amount. */
function useWindowTitle(screen: ScreenId): void {
  useEffect(() => {
    const label = SCREENS.find((s) => s.id === screen)?.label;
    document.title = label ? `${label} · Exchange Desk` : 'Exchange Desk';
  }, [screen]);
}

export function App() {
  return (
    <LockGate>
      <Shell />
    </LockGate>
  );
}

function Shell() {
  const screen = useShellStore((s) => s.screen);
  useApplyTheme();
  useKeepWatching();
  useShortcuts();
  useWindowTitle(screen);
  // The stream is followed only while the app shows (it is unmounted while locked).
  useEffect(() => connectLive(), []);
  return (
    <div className="app">
      <a
        className="skip-link"
        href="#main-content"
        onClick={(event) => {
          // Focus, not navigation: the address keeps its fragment (the web host's token).
          event.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        Skip to content
      </a>
      <Sidebar />
      <div className="main">
        <Header />
        <UpdateBanner />
        <NoticesRegion />
        <main id="main-content" className="content" data-screen={screen} tabIndex={-1}>
          <Suspense fallback={screenLoading}>
            <Screen screen={screen} />
          </Suspense>
        </main>
      </div>
      <ShortcutsDialog />
    </div>
  );
}

function Screen({ screen }: { screen: ScreenId }) {
  switch (screen) {
    case 'overview':
      return <OverviewView />;
    case 'orders':
      return <OrdersView />;
    case 'transfers':
      return <TransfersView />;
    case 'trade':
      return <TradeView />;
    case 'earn':
      return <EarnView />;
    case 'mining':
      return <MiningView />;
    case 'taxes':
      return <TaxesView />;
    case 'accounts':
      return <AccountsView />;
    case 'settings':
      return <SettingsView />;
    default:
      return <ScreenPlaceholder screen={screen} />;
  }
}
