import { useState } from 'react';
import { useConnectAfterPaint } from '../../lib/useAfterPaint';
import { useAppStore } from './appStore';

/**
 * A thin strip under the header while an update downloads, when it is ready to install, and when
 * updating failed (why, and Dismiss).
 */
export function UpdateBanner() {
  const update = useAppStore((s) => s.update);
  const error = useAppStore((s) => s.updateError);
  const connect = useAppStore((s) => s.connect);
  const install = useAppStore((s) => s.installUpdate);
  /** The failure the user put away; a later one shows again. */
  const [dismissed, setDismissed] = useState<string>();
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
    const failed = update.message ?? error;
    return (
      <div className="update-banner" role="status" data-testid="update-banner">
        <span>
          Exchange Desk{version} is ready.{' '}
          {update.asksForPassword
            ? 'Restart and install asks for your administrator password: the system’s package manager installs it.'
            : 'It installs when you quit, or now with a restart.'}
        </span>
        <button type="button" className="btn btn-primary btn-small" onClick={() => void install()}>
          Restart and install
        </button>
        {failed && (
          <span className="update-error" role="alert">
            Not installed: {failed}
          </span>
        )}
      </div>
    );
  }
  if (update.state === 'error' && update.message && update.message !== dismissed) {
    return (
      <div className="update-banner" role="alert" data-testid="update-banner">
        <span className="update-error">Exchange Desk could not update: {update.message}</span>
        <button
          type="button"
          className="btn btn-link btn-small"
          onClick={() => setDismissed(update.message)}
        >
          Dismiss
        </button>
      </div>
    );
  }
  return null;
}
