import { useEffect } from 'react';
import { SelectField } from '../../components/Field';
import { localeOf } from '../../lib/numberFormat';
import {
  NUMBER_FORMATS,
  useSettings,
  type NumberFormatChoice,
  type ThemeChoice,
} from '../../lib/settingsStore';
import { useShellStore } from '../../lib/shellStore';
import type { UpdateStatus } from '../../../shared/model';
import { separatorsOf } from '../../../shared/separators';
import { useOverviewStore } from '../overview';
import { useAppStore } from '../shell';
import { useAppInfo } from './aboutStore';

const THEMES: { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'Follow system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** How far from the last price a limit or stop price is named in the order confirmation. */
const PRICE_GUARD: { value: string; label: string }[] = [2, 5, 10, 20, 50].map((p) => ({
  value: String(p),
  label: `More than ${p} % from the last price`,
}));

const REFRESH: { value: string; label: string }[] = [
  { value: '0', label: 'Off' },
  { value: '15', label: 'Every 15 s' },
  { value: '30', label: 'Every 30 s' },
  { value: '60', label: 'Every minute' },
  { value: '300', label: 'Every 5 min' },
];

/** "1,234.56" in a format's separators (written by hand: no locale-dependent float printing). */
function example(choice: NumberFormatChoice): string {
  const { group, decimal } = separatorsOf(localeOf(choice));
  return `1${group}234${decimal}56`;
}

const NUMBER_LABELS: Record<NumberFormatChoice, string> = {
  system: 'Follow system',
  'en-US': 'Point for decimals',
  'de-DE': 'Comma for decimals',
  'fr-FR': 'Spaces and comma',
  'de-CH': 'Apostrophes and point',
};

const DATE_EXAMPLE = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** What About says of automatic updates: off and why (main words it), or what they are doing. */
function updatesText(update: UpdateStatus): string {
  const version = update.version ? ` ${update.version}` : '';
  switch (update.state) {
    case 'disabled':
      return update.message ?? 'Off.';
    case 'available':
    case 'downloading':
      return `Downloading Exchange Desk${version}.`;
    case 'downloaded':
      return `Exchange Desk${version} is ready to install.`;
    case 'not-available':
      return 'On: this is the newest version.';
    case 'error':
      return `On; the last attempt failed: ${update.message ?? 'no reason given'}.`;
    default:
      return 'On: Exchange Desk looks for a new version at start.';
  }
}

/** Display and data preferences (kept across restarts), the shortcuts, and about the app. */
export function SettingsView() {
  const settings = useSettings();
  const quotes = useOverviewStore((s) => s.data?.quotes);
  const info = useAppInfo();
  const update = useAppStore((s) => s.update);
  const showShortcuts = useShellStore((s) => s.showShortcuts);
  useEffect(() => {
    if (!useAppInfo.getState().data) void useAppInfo.getState().load();
  }, []);
  const quoteOptions = [...new Set([settings.quote, ...(quotes ?? [])])].sort();

  return (
    <div className="settings">
      <section className="card" aria-labelledby="settings-display">
        <h2 id="settings-display">Display</h2>
        <div className="settings-grid">
          <SelectField
            id="settings-theme"
            label="Theme"
            value={settings.theme}
            options={THEMES}
            onChange={settings.setTheme}
          />
          <SelectField
            id="settings-numbers"
            label="Numbers"
            value={settings.numberFormat}
            options={NUMBER_FORMATS.map((f) => ({
              value: f,
              label: `${NUMBER_LABELS[f]} (${example(f)})`,
            }))}
            onChange={settings.setNumberFormat}
          />
          <div className="field">
            <span className="field-label" id="settings-dates-label">
              Dates and times
            </span>
            <p className="settings-value" aria-labelledby="settings-dates-label">
              As the system writes them: {DATE_EXAMPLE.format(new Date())}
            </p>
          </div>
        </div>
        <p className="muted small">
          Amounts you type may use either a point or a comma for decimals: “0,5” is read as 0.5. A
          separator followed by exactly three digits is read as your number format writes it.
        </p>
      </section>

      <section className="card" aria-labelledby="settings-data">
        <h2 id="settings-data">Data</h2>
        <div className="settings-grid">
          <SelectField
            id="settings-refresh"
            label="Auto-refresh"
            value={String(settings.autoRefreshSeconds)}
            options={REFRESH}
            onChange={(v) => settings.setAutoRefresh(Number(v))}
          />
          <SelectField
            id="settings-quote"
            label="Value balances in"
            value={settings.quote}
            options={quoteOptions.map((q) => ({ value: q, label: q }))}
            onChange={settings.setQuote}
          />
        </div>
      </section>

      <section className="card" aria-labelledby="settings-trading">
        <h2 id="settings-trading">Trading</h2>
        <div className="settings-grid">
          <SelectField
            id="settings-price-guard"
            label="Price guard"
            value={String(settings.priceGuardPercent)}
            options={PRICE_GUARD}
            onChange={(v) => settings.setPriceGuard(Number(v))}
          />
        </div>
        <p className="small muted">
          The order confirmation names a limit or activation price this far from the last price,
          with its distance, so a slipped digit is caught before it is sent.
        </p>
      </section>

      <section className="card" aria-labelledby="settings-tray">
        <h2 id="settings-tray">When the window is closed</h2>
        <label className="settings-toggle">
          <input
            type="checkbox"
            checked={settings.keepWatching}
            onChange={(e) => settings.setKeepWatching(e.target.checked)}
            aria-describedby="settings-tray-note"
          />{' '}
          Keep watching in the tray when the window is closed
        </label>
        <p className="small muted" id="settings-tray-note">
          Desktop app: closing the window then hides it, and an icon in the tray (the menu bar on
          macOS) opens it again or quits. Meanwhile the mining alerts and arrivals are still checked
          and notified. Off: closing the window quits, as usual.
        </p>
      </section>

      <section className="card" aria-labelledby="settings-keys">
        <h2 id="settings-keys">Keyboard</h2>
        <p>
          Every screen, refresh and privacy mode have shortcuts. Press <kbd>?</kbd> anywhere to see
          them.
        </p>
        <div className="actions">
          <button type="button" className="btn btn-secondary" onClick={() => showShortcuts(true)}>
            Keyboard shortcuts
          </button>
        </div>
      </section>

      <section className="card" aria-labelledby="settings-about">
        <h2 id="settings-about">About Exchange Desk</h2>
        {info.data ? (
          <dl className="settings-about">
            <dt>Version</dt>
            <dd data-testid="about-version">{info.data.version}</dd>
            <dt>Platform</dt>
            <dd>{info.data.platform}</dd>
            <dt>Data folder</dt>
            <dd className="mono" data-testid="about-data-dir">
              {info.data.dataDir ?? 'None: this session keeps its data in memory'}
            </dd>
            <dt>Updates</dt>
            <dd data-testid="about-updates">{updatesText(update)}</dd>
          </dl>
        ) : info.error ? (
          <p className="form-alert" role="alert">
            Could not read the app’s details: {info.error.message}
          </p>
        ) : (
          <p className="muted">Reading…</p>
        )}
        <p className="muted small">
          API keys and secrets are in the system keychain, never in the data folder.
        </p>
        <p className="muted small" data-testid="about-notices">
          Trade’s price chart is drawn with TradingView Lightweight Charts™ (Apache License 2.0),
          Copyright 2023 TradingView, Inc., www.tradingview.com.
        </p>
      </section>
    </div>
  );
}
