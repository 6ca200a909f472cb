import { NoticesButton } from '../../components/Notices';
import { SCREENS, useShellStore } from '../../lib/shellStore';

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
      {/* At the foot of the sidebar: the header keeps to one line in a small window. */}
      <div className="sidebar-foot">
        <NoticesButton />
      </div>
    </nav>
  );
}
