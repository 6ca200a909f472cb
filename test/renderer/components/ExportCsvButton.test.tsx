import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExportCsvButton } from '../../../src/renderer/components/ExportCsvButton';
import type { CsvExport } from '../../../src/shared/model';

afterEach(cleanup);

function setup(answer: () => Promise<CsvExport>) {
  const exportCsv = vi.fn(answer);
  render(<ExportCsvButton exportCsv={exportCsv} unit={['point', 'points']} busyNote="Fetching…" />);
  return { exportCsv, button: screen.getByRole('button', { name: /Export CSV|Exporting/ }) };
}

async function click(button: HTMLElement) {
  await act(async () => {
    fireEvent.click(button);
    await Promise.resolve();
  });
}

describe('ExportCsvButton', () => {
  it('says where main saved it, in the caller’s unit, singular for one', async () => {
    const { button } = setup(async () => ({ filename: 'a.csv', rows: 1, savedTo: '/tmp/a.csv' }));
    await click(button);
    expect(screen.getByText('Saved 1 point to /tmp/a.csv')).toBeTruthy();
  });

  it('downloads the text in the page when main hands it back, with grouped counts', async () => {
    const created = vi.fn(() => 'blob:x');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    const { button } = setup(async () => ({ filename: 'b.csv', rows: 12345, csv: 'x\n' }));
    await click(button);
    expect(created).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Downloaded 12,345 points as b.csv')).toBeTruthy();
  });

  it('runs one export at a time and shows the busy note meanwhile', async () => {
    let finish!: (value: CsvExport) => void;
    const { exportCsv, button } = setup(
      () => new Promise<CsvExport>((resolve) => (finish = resolve)),
    );
    await click(button);
    expect(button.textContent).toBe('Exporting…');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Fetching…')).toBeTruthy();
    fireEvent.click(button);
    expect(exportCsv).toHaveBeenCalledTimes(1);
    await act(async () => finish({ filename: 'c.csv', rows: 0, cancelled: true }));
    // A cancelled save dialog says nothing and leaves the button ready.
    expect(button.textContent).toBe('Export CSV');
    expect(screen.queryByText(/Saved|Downloaded|Fetching/)).toBeNull();
  });

  it('says why it failed, and the button works again', async () => {
    const { button } = setup(async () => {
      throw new Error('The exchange did not answer.');
    });
    await click(button);
    expect(screen.getByRole('alert').textContent).toBe(
      'Export failed: The exchange did not answer.',
    );
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });
});
