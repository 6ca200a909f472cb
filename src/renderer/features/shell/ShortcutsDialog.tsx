import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useShellStore } from '../../lib/shellStore';
import { SHORTCUTS } from './shortcuts';

/** The keyboard shortcuts sheet (`?`, or Settings › Keyboard shortcuts). */
export function ShortcutsDialog() {
  const open = useShellStore((s) => s.shortcutsOpen);
  const showShortcuts = useShellStore((s) => s.showShortcuts);
  if (!open) return null;
  return (
    <ConfirmDialog
      title="Keyboard shortcuts"
      cancelLabel="Close"
      onCancel={() => showShortcuts(false)}
    >
      <table className="shortcuts">
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.keys}>
              <th scope="row">
                <kbd>{s.keys}</kbd>
              </th>
              <td>{s.does}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ConfirmDialog>
  );
}
