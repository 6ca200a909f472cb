import Decimal from 'decimal.js';
import { holdingPrice, holdingValue } from '../../shared/decimal';
import { quoteValuePlaces } from '../../shared/format';
import type { FlexInvestmentPage, PortfolioOverview, PortfolioRow } from '../../shared/model';
import type { ExchangeApi } from '../exchange/api';
import { ExchangeError } from '../exchange/errors';
import { PriceBook } from './pricing';

const DEFAULT_PRECISION = 8;

/**
 * Every balance of the active profile valued in one quote currency: main balance, trade balance
 * (available and frozen) and ACTIVE flex investments, priced from the ticker (through BTC when
 * there is no direct market). An asset with no price is listed as unpriced, not counted as zero.
 */
export async function portfolioOverview(
  api: ExchangeApi,
  quote: string,
): Promise<PortfolioOverview> {
  const [main, trade, ticker, assets, flex] = await Promise.all([
    api.mainBalance(),
    api.tradeBalance(),
    api.ticker(),
    api.assets(),
    api
      .flexInvestments({ limit: 100 })
      .catch((error: unknown): FlexInvestmentPage | 'forbidden' => {
        if (error instanceof ExchangeError && error.kind === 'permission') return 'forbidden';
        throw error;
      }),
  ]);
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
  };
}
