import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useOverviewStore } from '../../../src/renderer/features/overview/overviewStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import type { PortfolioOverview } from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';
import { deferred, overview, resetStores } from './fixtures';

beforeEach(resetStores);
afterEach(() => setDesk(undefined));

describe('overview store', () => {
  it('shares one request between identical loads in flight', async () => {
    const answer = deferred<PortfolioOverview>();
    const fake = fakeDesk({ 'portfolio.overview': () => answer.promise });
    setDesk(fake.desk);
    const { load } = useOverviewStore.getState();
    const both = Promise.all([load('USDT'), load('USDT')]);
    expect(useOverviewStore.getState().loading).toBe(true);
    answer.resolve(overview());
    await both;
    expect(fake.callsTo('portfolio.overview')).toEqual([{ quote: 'USDT' }]);
    const state = useOverviewStore.getState();
    expect(state.loading).toBe(false);
    expect(state.data?.total).toBe('73066.23405284');
    expect(state.data?.fetchedAt).toBeTypeOf('number');
  });

  it('takes only the answer to the latest load: a slow answer for the old quote is dropped', async () => {
    const usdt = deferred<PortfolioOverview>();
    const btc = deferred<PortfolioOverview>();
    setDesk(
      fakeDesk({
        'portfolio.overview': (input) =>
          (input as { quote: string }).quote === 'BTC' ? btc.promise : usdt.promise,
      }).desk,
    );
    const { load } = useOverviewStore.getState();
    const first = load('USDT');
    const second = load('BTC');
    btc.resolve(overview({ quote: 'BTC', total: '1.1' }));
    await second;
    usdt.resolve(overview());
    await first;
    expect(useOverviewStore.getState().data?.quote).toBe('BTC');
    expect(useOverviewStore.getState().loading).toBe(false);
  });

  it('keeps the data after a failed refresh and keeps the DeskError', async () => {
    let fail = false;
    setDesk(
      fakeDesk({
        'portfolio.overview': async () => {
          if (fail) throw { code: 'RATE_LIMITED', message: 'Too many requests; try again shortly' };
          return overview();
        },
      }).desk,
    );
    await useOverviewStore.getState().load('USDT');
    const before = useOverviewStore.getState().data?.fetchedAt;
    fail = true;
    await useOverviewStore.getState().load('USDT');
    const state = useOverviewStore.getState();
    expect(state.error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many requests; try again shortly',
    });
    expect(state.data?.total).toBe('73066.23405284');
    expect(state.data?.fetchedAt).toBe(before);
    expect(state.loading).toBe(false);

    fail = false;
    await useOverviewStore.getState().load('USDT');
    expect(useOverviewStore.getState().error).toBeUndefined();
  });
});
