import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAutoRefresh } from '../../../src/renderer/lib/useAutoRefresh';
import { useSettings } from '../../../src/renderer/lib/settingsStore';

/** A view that only wires its data's refresh and age into the hook, like every screen does. */
function FakeView({ refresh, fetchedAt }: { refresh: () => void; fetchedAt: number | undefined }) {
  useAutoRefresh(refresh, fetchedAt);
  return <p>view</p>;
}

const NOW = new Date('2026-03-01T12:00:00Z').getTime();
const SECOND = 1000;
const MINUTE = 60 * SECOND;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  useSettings.setState({ autoRefreshSeconds: 30 });
});

describe('useAutoRefresh when a screen opens', () => {
  it('loads at once when there is no data', () => {
    const refresh = vi.fn();
    render(<FakeView refresh={refresh} fetchedAt={undefined} />);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('refreshes at once when the data is older than the refresh interval', () => {
    useSettings.setState({ autoRefreshSeconds: 30 });
    const refresh = vi.fn();
    render(<FakeView refresh={refresh} fetchedAt={NOW - 10 * MINUTE} />);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('does not refresh data younger than the interval until the timer says so', () => {
    useSettings.setState({ autoRefreshSeconds: 30 });
    const refresh = vi.fn();
    render(<FakeView refresh={refresh} fetchedAt={NOW - 5 * SECOND} />);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(30 * SECOND);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('with auto-refresh off, refreshes data older than a minute (what DataAge calls out of date)', () => {
    useSettings.setState({ autoRefreshSeconds: 0 });
    const refresh = vi.fn();
    render(<FakeView refresh={refresh} fetchedAt={NOW - 2 * MINUTE} />);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('with auto-refresh off, leaves data younger than a minute alone', () => {
    useSettings.setState({ autoRefreshSeconds: 0 });
    const refresh = vi.fn();
    render(<FakeView refresh={refresh} fetchedAt={NOW - 30 * SECOND} />);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10 * MINUTE);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('refreshes once on mount, not again when the new data arrives', () => {
    const refresh = vi.fn();
    const { rerender } = render(<FakeView refresh={refresh} fetchedAt={NOW - 10 * MINUTE} />);
    rerender(<FakeView refresh={refresh} fetchedAt={NOW} />);
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
