import { AccountsView } from './features/accounts/AccountsView';
import { LockGate } from './features/lock/LockGate';
import { Header } from './features/shell/Header';
import { ScreenPlaceholder } from './features/shell/ScreenPlaceholder';
import { Sidebar } from './features/shell/Sidebar';
import { useShellStore } from './features/shell/shellStore';

export function App() {
  return (
    <LockGate>
      <Shell />
    </LockGate>
  );
}

function Shell() {
  const screen = useShellStore((s) => s.screen);
  return (
    <div className="app">
      <Sidebar />
      <div className="main">
        <Header />
        <main className="content" data-screen={screen}>
          {screen === 'accounts' ? <AccountsView /> : <ScreenPlaceholder screen={screen} />}
        </main>
      </div>
    </div>
  );
}
