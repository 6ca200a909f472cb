import type { KeychainState } from '../../../shared/model';
import { splitCode } from './format';

/** Shown when no OS keychain can be used: why, how to fix it, and what still works. */
export function KeychainBanner({ keychain }: { keychain: KeychainState }) {
  return (
    <div className="banner banner-bad" role="alert" data-testid="keychain-banner">
      <p className="banner-title">API keys cannot be saved: no keychain is available</p>
      {keychain.message ? <p>{keychain.message}</p> : null}
      {keychain.fix ? (
        <p>
          {splitCode(keychain.fix).map((part, i) =>
            part.code ? <code key={i}>{part.text}</code> : <span key={i}>{part.text}</span>,
          )}
        </p>
      ) : null}
      <p>The Demo account keeps working, and nothing is stored in plain text.</p>
    </div>
  );
}
