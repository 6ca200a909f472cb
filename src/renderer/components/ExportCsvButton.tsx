import { formatCount } from '../lib/numberFormat';
import { useState, type ReactNode } from 'react';
import type { CsvExport } from '../../shared/model';
import { downloadText } from '../lib/download';

type ExportState =
  | { state: 'idle' }
  | { state: 'busy' }
  | { state: 'done'; message: string }
  | { state: 'failed'; message: string };

interface ExportCsvButtonProps {
  /** Builds the CSV (main saves it, or hands it back for the page to download). */
  exportCsv(): Promise<CsvExport>;
  /** What a row is called, one and many: ['row', 'rows']. */
  unit: readonly [string, string];
  disabled?: boolean;
  /** Said beside the button while the export runs. */
  busyNote?: ReactNode;
  /** The button's name where a screen has more than one export (default "Export CSV"). */
  label?: string;
}

/**
 * "Export CSV": one export at a time, then what was saved or downloaded (politely announced), or
 * why it failed; a cancelled save dialog says nothing.
 */
export function ExportCsvButton({
  exportCsv,
  unit,
  disabled,
  busyNote,
  label = 'Export CSV',
}: ExportCsvButtonProps) {
  const [status, setStatus] = useState<ExportState>({ state: 'idle' });

  async function run() {
    setStatus({ state: 'busy' });
    try {
      const result = await exportCsv();
      const rows = formatCount(result.rows, unit);
      if (result.cancelled) setStatus({ state: 'idle' });
      else if (result.savedTo)
        setStatus({ state: 'done', message: `Saved ${rows} to ${result.savedTo}` });
      else if (result.csv !== undefined) {
        downloadText(result.filename, result.csv);
        setStatus({ state: 'done', message: `Downloaded ${rows} as ${result.filename}` });
      } else setStatus({ state: 'idle' });
    } catch (error) {
      setStatus({ state: 'failed', message: (error as { message: string }).message });
    }
  }

  const busy = status.state === 'busy';
  return (
    <div className="export">
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => void run()}
        disabled={disabled === true || busy}
        aria-busy={busy}
      >
        {busy ? 'Exporting…' : label}
      </button>
      <div aria-live="polite" className="export-status">
        {busy && busyNote ? (
          <span className="muted small">{busyNote}</span>
        ) : status.state === 'done' ? (
          <span className="result-ok small">{status.message}</span>
        ) : null}
      </div>
      {status.state === 'failed' ? (
        <p className="form-alert" role="alert">
          Export failed: {status.message}
        </p>
      ) : null}
    </div>
  );
}
