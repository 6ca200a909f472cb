import { Header } from './features/shell/Header';
import { ScreenPlaceholder } from './features/shell/ScreenPlaceholder';
import { Sidebar } from './features/shell/Sidebar';
import { useShellStore } from './features/shell/shellStore';

export function App() {
  const screen = useShellStore((s) => s.screen);
  return (
    <div className="app">
      <Sidebar />
      <div className="main">
        <Header />
        <main className="content" data-screen={screen}>
          <ScreenPlaceholder screen={screen} />
        </main>
      </div>
    </div>
  );
}
