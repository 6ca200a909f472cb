import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EarnView } from '../../../src/renderer/features/earn/EarnView';
import { setDesk } from '../../../src/renderer/lib/desk';
import { fakeDesk } from '../fakeDesk';
import { overview, resetEarn, sizeTableBodies } from './fixtures';

let unsize: () => void;
beforeAll(() => {
  unsize = sizeTableBodies();
});
afterAll(() => unsize());
beforeEach(resetEarn);
afterEach(() => {
  cleanup();
  setDesk(undefined);
});

async function openInvest(ticker: string) {
  setDesk(fakeDesk({ 'flex.overview': async () => overview() }).desk);
  render(<EarnView />);
  fireEvent.click(await screen.findByRole('button', { name: `Invest in the ${ticker} plan` }));
  const form = screen.getByRole('region', { name: `Invest in the ${ticker} plan` });
  return within(form).getByRole('checkbox', {
    name: 'Auto-reinvest the earnings',
  }) as HTMLInputElement;
}

describe('topping up an investment keeps its auto-reinvest', () => {
  it('an ACTIVE investment with auto-reinvest on: the form starts with it on', async () => {
    expect((await openInvest('USDT')).checked).toBe(true);
  });

  it('no active investment in the plan: off, as before', async () => {
    expect((await openInvest('BTC')).checked).toBe(false);
  });
});
