import { act, render, screen, waitFor } from '@testing-library/react';
import { createElement, type ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OverviewView } from '../../../src/renderer/features/overview/OverviewView';
import { useOverviewStore } from '../../../src/renderer/features/overview/overviewStore';
import { overviewScreenHooks, serveOverview } from './fixtures';

/** Counts the net-worth chart's draws (its recharts ComposedChart), nothing else changed. */
const draws = vi.hoisted(() => ({ count: 0 }));
vi.mock('recharts', async (original) => {
  const recharts = await original<typeof import('recharts')>();
  return {
    ...recharts,
    ComposedChart: (props: ComponentProps<typeof recharts.ComposedChart>) => {
      draws.count++;
      return createElement(recharts.ComposedChart, props);
    },
  };
});

overviewScreenHooks();

describe('Net-worth chart and pushed prices', () => {
  it('is not drawn again when pushed prices revalue the holdings', async () => {
    serveOverview();
    render(<OverviewView />);
    await screen.findByTestId('net-worth-chart');
    await screen.findAllByTestId('profit-loss-row');
    const before = draws.count;
    act(() => {
      useOverviewStore.getState().applyPrices({ prices: { BTC_USDT: '65000' }, at: 1 });
    });
    // The push was taken: the total moved (BTC 0.88234567 at 65,000 instead of 64,000.50).
    await waitFor(() =>
      expect(screen.getByTestId('overview-total').textContent).toBe('73,948.14 USDT'),
    );
    expect(draws.count).toBe(before);
  });
});
