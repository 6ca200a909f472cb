import { AccountsView } from './features/accounts/AccountsView';
import { EarnView } from './features/earn/EarnView';
import { HistoryView } from './features/history/HistoryView';
import { LockGate } from './features/lock';
import { connectLive } from './features/live';
import { MiningView } from './features/mining/MiningView';
import { FillNotices } from './features/orders';
import { OrdersView } from './features/orders/OrdersView';
import { OverviewView } from './features/overview/OverviewView';
import { Header } from './features/shell/Header';
import { ScreenPlaceholder } from './features/shell/ScreenPlaceholder';
import { ShortcutsDialog } from './features/shell/ShortcutsDialog';
import { SettingsView } from './features/settings/SettingsView';
import { Sidebar } from './features/shell/Sidebar';
import { UpdateBanner } from './features/shell/UpdateBanner';
import { SCREENS, useShellStore, type ScreenId } from './lib/shellStore';
import { useShortcuts } from './features/shell/shortcuts';
import { TradeView } from './features/trade/TradeView';
import { useApplyTheme } from './features/settings/theme';
import { useEffect } from 'react';

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
        <FillNotices />
        <main id="main-content" className="content" data-screen={screen} tabIndex={-1}>
          {screen === 'overview' ? (
            <OverviewView />
          ) : screen === 'orders' ? (
            <OrdersView />
          ) : screen === 'history' ? (
            <HistoryView />
          ) : screen === 'trade' ? (
            <TradeView />
          ) : screen === 'earn' ? (
            <EarnView />
          ) : screen === 'mining' ? (
            <MiningView />
          ) : screen === 'accounts' ? (
            <AccountsView />
          ) : screen === 'settings' ? (
            <SettingsView />
          ) : (
            <ScreenPlaceholder screen={screen} />
          )}
        </main>
      </div>
      <ShortcutsDialog />
    </div>
  );
}
