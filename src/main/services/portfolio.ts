import Decimal from 'decimal.js';
import { holdingPrice, holdingValue } from '../../shared/decimal';
import { quoteValuePlaces } from '../../shared/format';
import {
  MAIN_ACCOUNT,
  type CountedAccount,
  type FlexInvestmentPage,
  type MainBalances,
  type PortfolioOverview,
  type PortfolioRow,
  type SubAccount,
  type TradeBalances,
} from '../../shared/model';
import type { ExchangeApi } from '../exchange/api';
import { ExchangeError } from '../exchange/errors';
import { PriceBook } from './pricing';

const DEFAULT_PRECISION = 8;

/** Which accounts an Overview counts: the main account's own view, or a set of account ids. */
export type AccountScope = typeof MAIN_ACCOUNT | readonly string[];

export const MAIN_ACCOUNT_ALIAS = 'Main account';

/** Whether a scope is the main account's own view (the one the history records). */
export function isMainOnly(scope: AccountScope): boolean {
  return scope === MAIN_ACCOUNT || (scope.length === 1 && scope[0] === MAIN_ACCOUNT);
}

/** The sub-accounts of the profile; undefined when the key may not list them. */
export async function listSubAccounts(api: ExchangeApi): Promise<SubAccount[] | undefined> {
  try {
    return (await api.subAccounts({ limit: 100 })).records;
  } catch (error) {
    if (error instanceof ExchangeError && error.kind === 'permission') return undefined;
    throw error;
  }
}

/**
 * The balances of the accounts counted, summed per asset as decimals: the main account's own
 * (when counted) and each counted sub-account's main and trade (`/sub-account/balances`, validated
 * where it enters: exchange/api.ts). Ids of sub-accounts that no longer exist are left out.
 */
async function scopedBalances(
  api: ExchangeApi,
  scope: AccountScope,
): Promise<{ main: MainBalances; trade: TradeBalances; counted: CountedAccount[] } | undefined> {
  if (isMainOnly(scope)) return undefined;
  const wanted = new Set(scope);
  const subs = ((await listSubAccounts(api)) ?? []).filter((sub) => wanted.has(sub.id));
  const withMain = wanted.has(MAIN_ACCOUNT);
  const [main, trade, held] = await Promise.all([
    withMain ? api.mainBalance() : ({} as MainBalances),
    withMain ? api.tradeBalance() : ({} as TradeBalances),
    Promise.all(subs.map((sub) => api.subAccountBalances(sub.id))),
  ]);
  const mainSum = new Map(Object.entries(main).map(([t, v]) => [t, new Decimal(v)]));
  const tradeSum = new Map(
    Object.entries(trade).map(([t, v]) => [t, new Decimal(v.available)] as const),
  );
  for (const balances of held) {
    for (const { ticker, main: inMain, trade: inTrade } of balances) {
      mainSum.set(ticker, (mainSum.get(ticker) ?? new Decimal(0)).add(inMain));
      tradeSum.set(ticker, (tradeSum.get(ticker) ?? new Decimal(0)).add(inTrade));
    }
  }
  const counted = [
    ...(withMain ? [{ id: MAIN_ACCOUNT, alias: MAIN_ACCOUNT_ALIAS }] : []),
    ...subs.map((sub) => ({ id: sub.id, alias: sub.alias })),
  ];
  return {
    main: Object.fromEntries([...mainSum].map(([t, v]) => [t, v.toFixed()])),
    trade: Object.fromEntries(
      [...tradeSum].map(([t, v]) => [
        t,
        { available: v.toFixed(), freeze: trade[t]?.freeze ?? '0' },
      ]),
    ),
    counted,
  };
}

/**
 * Every balance of the active profile valued in one quote currency: main balance, trade balance
 * (available and frozen) and ACTIVE flex investments, priced from the ticker (through BTC when
 * there is no direct market). An asset with no price is listed as unpriced, not counted as zero.
 * With a scope of accounts, the main and trade balances are those of the accounts counted, summed
 * (sub-accounts have no flex here); priced the same way.
 */
export async function portfolioOverview(
  api: ExchangeApi,
  quote: string,
  scope: AccountScope = MAIN_ACCOUNT,
): Promise<PortfolioOverview> {
  const scoped = scopedBalances(api, scope);
  const withMainFlex = isMainOnly(scope) || scope.includes(MAIN_ACCOUNT);
  const [own, ticker, assets, flex] = await Promise.all([
    scoped.then(async (sum) => {
      if (sum) return sum;
      const [main, trade] = await Promise.all([api.mainBalance(), api.tradeBalance()]);
      return { main, trade };
    }),
    api.ticker(),
    api.assets(),
    (withMainFlex ? api.flexInvestments({ limit: 100 }) : Promise.resolve({ records: [] })).catch(
      (error: unknown): FlexInvestmentPage | 'forbidden' => {
        if (error instanceof ExchangeError && error.kind === 'permission') return 'forbidden';
        throw error;
      },
    ),
  ]);
  const { main, trade } = own;
  const book = new PriceBook(ticker);

  const flexByAsset = new Map<string, Decimal>();
  if (flex !== 'forbidden') {
    for (const investment of flex.records) {
      if (investment.status !== 'ACTIVE') continue;
      const sum = flexByAsset.get(investment.currency) ?? new Decimal(0);
      flexByAsset.set(investment.currency, sum.add(investment.invested));
    }
  }

  const tickers = new Set([...Object.keys(main), ...Object.keys(trade), ...flexByAsset.keys()]);
  const rows: PortfolioRow[] = [];
  const unpriced: string[] = [];
  let total = new Decimal(0);
  for (const asset of [...tickers].sort()) {
    const mainAmount = new Decimal(main[asset] ?? '0');
    const available = new Decimal(trade[asset]?.available ?? '0');
    const frozen = new Decimal(trade[asset]?.freeze ?? '0');
    const invested = flexByAsset.get(asset) ?? new Decimal(0);
    const held = mainAmount.add(available).add(frozen).add(invested);
    const price = book.price(asset, quote);
    // Each value at 8 places, and the total the sum of exactly those: the rows add up to it.
    const value = price ? holdingValue(held, price) : undefined;
    if (value) total = total.add(value);
    else if (!held.isZero()) unpriced.push(asset);
    const change = book.change24h(asset, quote);
    rows.push({
      ticker: asset,
      name: assets[asset]?.name ?? asset,
      main: mainAmount.toFixed(),
      tradeAvailable: available.toFixed(),
      tradeFrozen: frozen.toFixed(),
      flex: invested.toFixed(),
      total: held.toFixed(),
      price: price ? holdingPrice(price) : null,
      value: value ? value.toFixed() : null,
      change24h: change ? change.toFixed() : null,
      precision: assets[asset]?.currencyPrecision ?? DEFAULT_PRECISION,
    });
  }
  return {
    quote,
    quotes: book.quotes(),
    // Fiat (an asset with payment providers) at 2 places, any other quote at its own precision.
    quotePrecision: quoteValuePlaces(assets[quote]),
    rows,
    total: total.toFixed(),
    unpriced,
    flexUnavailable: flex === 'forbidden',
    fetchedAt: Date.now(),
    accounts: 'counted' in own ? own.counted : [{ id: MAIN_ACCOUNT, alias: MAIN_ACCOUNT_ALIAS }],
  };
}
