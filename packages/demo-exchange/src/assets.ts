/**
 * The assets the demo exchange lists, with everything the public assets and fee lists and the
 * deposit/withdraw history say about them, from one table: names, precisions, the ways in and out
 * (crypto networks; fiat payment providers), their limits, confirmations, memos and withdrawal fees.
 *
 * Limits are chosen so that the seeded history (transfers.ts) keeps within them: every deposit and
 * withdrawal there is on a network listed here for its direction, at least the network's minimum and
 * at most its maximum. Confirmations are per asset (the same on each of its networks), as the
 * history's `confirmations.required` is.
 */

/** Limits of one direction of one network or provider; no `max`: no upper limit. */
export interface Limits {
  min: string;
  max?: string;
}

/** A crypto network, or a fiat payment provider (its id is what the API takes as the network). */
export interface Rail {
  id: string;
  /** A provider's display name. */
  name?: string;
  /** null: that direction is closed on this rail. */
  deposit: Limits | null;
  withdraw: Limits | null;
}

/** A percentage fee ("1.5" = 1.5 %) bounded by a minimum and a maximum fee. */
export interface FlexFee {
  percent: string;
  minFee: string;
  maxFee: string;
}

export interface AssetDef {
  ticker: string;
  name: string;
  /** Decimal places (the assets list's `currency_precision`). */
  precision: number;
  /** Unified Cryptoasset ID; 0 when unknown (fiat). */
  ucid: number;
  fiat: boolean;
  /** Crypto: its networks; fiat: its payment providers. */
  rails: Rail[];
  /** The network used when none is chosen (crypto with several networks). */
  defaultNetwork?: string;
  /** Blockchain confirmations a deposit needs (crypto). */
  confirmations?: number;
  /** Deposits and withdrawals need a memo (destination tag). */
  memo: boolean;
  /** Fee of a withdrawal: a fixed amount (crypto) or a percentage (fiat providers). */
  withdrawFee: { fixed: string } | { flex: FlexFee };
}

const both = (min: string, max?: string) => {
  const limits: Limits = max === undefined ? { min } : { min, max };
  return { deposit: limits, withdraw: limits };
};

const network = (id: string, min: string, max?: string): Rail => ({ id, ...both(min, max) });

const crypto = (
  ticker: string,
  name: string,
  precision: number,
  ucid: number,
  rails: Rail[],
  confirmations: number,
  fee: string,
  memo = false,
): AssetDef => ({
  ticker,
  name,
  precision,
  ucid,
  fiat: false,
  rails,
  defaultNetwork: rails[0]?.id,
  confirmations,
  memo,
  withdrawFee: { fixed: fee },
});

const fiat = (ticker: string, name: string, rails: Rail[], flex: FlexFee): AssetDef => ({
  ticker,
  name,
  precision: 2,
  ucid: 0,
  fiat: true,
  rails,
  memo: false,
  withdrawFee: { flex },
});

export const ASSET_DEFS: readonly AssetDef[] = [
  crypto(
    'BTC',
    'Bitcoin',
    8,
    1,
    [network('BTC', '0.0001'), network('LIGHTNING', '0.0001', '0.5')],
    2,
    '0.0002',
  ),
  crypto(
    'ETH',
    'Ethereum',
    8,
    1027,
    [network('ERC20', '0.001'), network('ARBITRUM', '0.001')],
    12,
    '0.002',
  ),
  crypto(
    'USDT',
    'Tether US',
    6,
    825,
    [
      network('ERC20', '10'),
      network('TRC20', '10'),
      network('BEP20', '10'),
      network('SOL', '10', '1000000'),
    ],
    20,
    '1',
  ),
  crypto('SOL', 'Solana', 8, 5426, [network('SOL', '0.1')], 30, '0.01'),
  crypto('XRP', 'Ripple', 6, 52, [network('XRP', '10')], 1, '0.25', true),
  crypto('DOGE', 'Dogecoin', 8, 74, [network('DOGE', '50')], 40, '5'),
  crypto('LTC', 'Litecoin', 8, 2, [network('LTC', '0.1')], 6, '0.001'),
  crypto('TRX', 'Tron', 6, 1958, [network('TRC20', '10')], 19, '1'),
  crypto('ADA', 'Cardano', 6, 2010, [network('ADA', '1')], 15, '1'),
  crypto('BNB', 'BNB', 8, 1839, [network('BEP20', '0.01')], 15, '0.0005'),
  crypto('USDC', 'USD Coin', 6, 3408, [network('ERC20', '10'), network('SOL', '10')], 20, '1'),
  // Deposits only: withdrawals are closed (can_withdraw false, no withdraw networks).
  crypto(
    'DOT',
    'Polkadot',
    8,
    6636,
    [{ id: 'DOT', deposit: { min: '1' }, withdraw: null }],
    20,
    '0.1',
  ),
  fiat(
    'EUR',
    'Euro',
    [
      { id: 'SEPA', name: 'EUR SEPA', ...both('10', '14500') },
      { id: 'VISAMASTER', name: 'EUR Visa/Mastercard', ...both('10', '10000') },
    ],
    { percent: '0.05', minFee: '3', maxFee: '7.25' },
  ),
  fiat(
    'USD',
    'US Dollar',
    [
      { id: 'SWIFT', name: 'USD SWIFT', ...both('100', '50000') },
      { id: 'VISAMASTER', name: 'USD Visa/Mastercard', ...both('10', '10000') },
    ],
    { percent: '1.5', minFee: '0.15', maxFee: '150' },
  ),
];

export const ASSET_BY_TICKER: ReadonlyMap<string, AssetDef> = new Map(
  ASSET_DEFS.map((a) => [a.ticker, a]),
);

/** The listed tickers, in the table's order. */
export const ASSETS: readonly string[] = ASSET_DEFS.map((a) => a.ticker);

/** A listed asset's decimal places (8 for anything else). */
export const precisionOf = (ticker: string): number => ASSET_BY_TICKER.get(ticker)?.precision ?? 8;
