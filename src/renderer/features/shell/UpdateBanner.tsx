import { useConnectAfterPaint } from '../../lib/useAfterPaint';
import { useAppStore } from './appStore';

/** A thin strip under the header while an update downloads, and when it is ready to install. */
export function UpdateBanner() {
  const update = useAppStore((s) => s.update);
  const error = useAppStore((s) => s.updateError);
  const connect = useAppStore((s) => s.connect);
  const install = useAppStore((s) => s.installUpdate);
  useConnectAfterPaint(connect);

  const version = update.version ? ` ${update.version}` : '';
  if (update.state === 'available' || update.state === 'downloading') {
    const percent = update.percent ?? 0;
    return (
      <div className="update-banner" role="status" data-testid="update-banner">
        <span>
          Downloading Exchange Desk{version}… {percent} %
        </span>
        <progress max={100} value={percent} aria-label="Update download" />
      </div>
    );
  }
  if (update.state === 'downloaded') {
    return (
      <div className="update-banner" role="status" data-testid="update-banner">
        <span>
          Exchange Desk{version} is ready. It installs when you quit, or now with a restart.
        </span>
        <button type="button" className="btn btn-primary btn-small" onClick={() => void install()}>
          Restart and install
        </button>
        {error && <span className="update-error">{error}</span>}
      </div>
    );
  }
  return null;
}
