import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataAge } from '../../../src/renderer/components/DataAge';
import { afterPaint, holdPaints } from '../paint';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('DataAge', () => {
  it('says how old the data is at once; the fetch time, to the second, is on hover once painted', async () => {
    const fetchedAt = new Date(2026, 10, 27, 9, 5, 7).getTime();
    vi.spyOn(Date, 'now').mockReturnValue(fetchedAt + 12_000);
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    holdPaints();
    render(<DataAge fetchedAt={fetchedAt} />);
    const age = screen.getByTestId('data-age');
    expect(age.textContent).toBe('Updated 12 s ago');
    // No date format on the way to the first paint (the first one starts the ICU library).
    expect(age.getAttribute('title')).toBeNull();
    expect(made).not.toHaveBeenCalled();
    await afterPaint();
    expect(age.getAttribute('title')).toMatch(/09:05:07/);
    expect(age.getAttribute('title')).toContain('2026');
  });
});
