import { SCREENS, useShellStore } from '../../lib/shellStore';
import { useSettings, type ThemeChoice } from '../../lib/settingsStore';

/** Theme and auto-refresh, kept across restarts. */
function DisplaySettings() {
  const theme = useSettings((s) => s.theme);
  const setTheme = useSettings((s) => s.setTheme);
  const seconds = useSettings((s) => s.autoRefreshSeconds);
  const setAutoRefresh = useSettings((s) => s.setAutoRefresh);
  return (
    <div className="display-settings">
      <label>
        Theme
        <select value={theme} onChange={(e) => setTheme(e.target.value as ThemeChoice)}>
          <option value="system">Follow system</option>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
      </label>
      <label>
        Auto-refresh
        <select value={seconds} onChange={(e) => setAutoRefresh(Number(e.target.value))}>
          <option value={0}>Off</option>
          <option value={15}>Every 15 s</option>
          <option value={30}>Every 30 s</option>
          <option value={60}>Every minute</option>
          <option value={300}>Every 5 min</option>
        </select>
      </label>
    </div>
  );
}

export function Sidebar() {
  const screen = useShellStore((s) => s.screen);
  const go = useShellStore((s) => s.go);
  return (
    <nav className="sidebar" aria-label="Screens">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          ◆
        </span>
        <span>Exchange Desk</span>
      </div>
      <ul>
        {SCREENS.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className={item.id === screen ? 'nav-item active' : 'nav-item'}
              aria-current={item.id === screen ? 'page' : undefined}
              onClick={() => go(item.id)}
              title={`${item.label} (Ctrl/⌘+${SCREENS.indexOf(item) + 1})`}
            >
              {item.label}
            </button>
          </li>
        ))}
      </ul>
      <DisplaySettings />
    </nav>
  );
}
