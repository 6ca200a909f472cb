import { describe, expect, it } from 'vitest';
import { Decimal } from '@exchange-desk/demo-exchange';
import { Engine } from '@exchange-desk/demo-exchange';
import { MARKET_BY_NAME } from '@exchange-desk/demo-exchange';
import { createSeedState } from '@exchange-desk/demo-exchange';
import type { ExchangeState } from '@exchange-desk/demo-exchange';
import { backfill } from '../../../src/main/portfolioHistory/backfill';
import { movementsOf } from '../../../src/main/portfolioHistory/movements';
import type { Snapshot, StoredDeal } from '../../../src/main/portfolioHistory/records';
import { closesOf, demoDeal, demoHoldings } from './fixtures';

const NOW = 1_795_000_000_000;

const snapshotOf = (s: ExchangeState, takenAt: number): Snapshot => ({
  takenAt,
  quote: 'USDT',
  total: '0',
  holdings: Object.entries(demoHoldings(s)).map(([ticker, trade]) => ({
    ticker,
    main: '0',
    trade,
    flex: '0',
    price: null,
  })),
});

describe('movements against the demo engine', () => {
  it('the deals the engine books explain its balances exactly, fees unrounded, taker and maker', () => {
    const clock = { ms: NOW };
    const e = new Engine(createSeedState(42, NOW), {
      seed: 42,
      now: () => clock.ms,
      frozenWalk: true,
    });
    const firstNew = e.state.deals.length;
    const first = snapshotOf(e.state, clock.ms);

    clock.ms += 60_000;
    const atMarket = (
      market: string,
      side: 'buy' | 'sell',
      amount: string,
      unit: 'money' | 'stock',
    ) => e.placeMarket({ market, side, amount: new Decimal(amount), unit, type: 'market' });
    const buy = atMarket('BTC_USDT', 'buy', '1000', 'money');
    clock.ms += 60_000;
    const sell = atMarket('ETH_BTC', 'sell', '0.3', 'stock');
    const xrp = MARKET_BY_NAME.get('XRP_USDT')!;
    const price = e.price(xrp).times('0.97').toDecimalPlaces(xrp.moneyPrec);
    const rest = e.placeLimit({ market: xrp.name, side: 'buy', amount: new Decimal('11'), price });
    expect([buy.ok, sell.ok, rest.ok]).toEqual([true, true, true]);
    const second = snapshotOf(e.state, (clock.ms += 60_000));

    clock.ms += 60_000;
    e.setPrice(xrp.name, price.minus('0.001').toFixed()); // the resting buy fills as maker
    clock.ms += 60_000;

    const deals: StoredDeal[] = e.state.deals.slice(firstNew).map(demoDeal);
    expect(deals.map((d) => d.role)).toContain('maker');
    expect(deals.some((d) => new Decimal(d.fee).decimalPlaces() > 8)).toBe(true);

    const r = backfill({
      now: clock.ms,
      holdings: demoHoldings(e.state),
      movements: movementsOf({ deals, transfers: [], flexPayments: [] }),
      snapshots: [first, second],
      closes: closesOf([]),
      quote: 'USDT',
      from: 0,
      to: clock.ms,
    });
    expect(r.gaps).toEqual([]);
    expect(r.points.filter((p) => p.source === 'live')).toHaveLength(2);
  });
});
