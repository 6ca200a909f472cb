import type { Asset, DepositAddress, ReceiveAsset, ReceiveAssets } from '../../shared/model';
import type { ExchangeApi } from '../exchange/api';
import { ExchangeError } from '../exchange/errors';

/**
 * The receive group: which assets take crypto deposits and on which networks (from
 * `/public/assets`), the current deposit address of one, and a new one where the account may.
 * Only addresses: the app never withdraws (README, "The app never withdraws").
 */

/** A crypto asset whose deposits are open; fiat (an asset with payment providers) has none. */
function receivable(asset: Asset): boolean {
  return asset.canDeposit && !asset.providers;
}

export function toReceiveAsset(asset: Asset): ReceiveAsset {
  const networks = asset.networks?.deposits ?? [];
  const fallback = asset.networks?.default;
  return {
    ticker: asset.ticker,
    name: asset.name,
    ...(asset.currencyPrecision === undefined ? {} : { precision: asset.currencyPrecision }),
    networks,
    // The default only when deposits arrive on it.
    ...(fallback !== undefined && networks.includes(fallback) ? { defaultNetwork: fallback } : {}),
    memo: asset.memo?.deposit ?? asset.isMemo ?? false,
  };
}

export async function assets(api: ExchangeApi): Promise<ReceiveAssets> {
  const all = await api.assets();
  const list = Object.values(all)
    .filter(receivable)
    .map(toReceiveAsset)
    .sort((a, b) => a.ticker.localeCompare(b.ticker));
  return { assets: list, fetchedAt: Date.now() };
}

export async function address(
  api: ExchangeApi,
  ticker: string,
  network: string | undefined,
): Promise<DepositAddress> {
  const answer = await api.depositAddress(ticker, network);
  return { ticker, ...(network ? { network } : {}), ...answer, fetchedAt: Date.now() };
}

/**
 * A new address. The exchange enables this per account, on request: its refusal is said in
 * words, and the current address stays the one to use.
 */
export async function newAddress(
  api: ExchangeApi,
  ticker: string,
  network: string | undefined,
): Promise<DepositAddress> {
  try {
    const answer = await api.createDepositAddress(ticker, network);
    return { ticker, ...(network ? { network } : {}), ...answer, fetchedAt: Date.now() };
  } catch (error) {
    if (error instanceof ExchangeError && error.kind === 'permission') {
      throw error.withMessage(
        `This account may not make new deposit addresses: the exchange enables it on request (its support). The current address still works. The exchange said: “${error.message}”`,
      );
    }
    throw error;
  }
}
