import { ApiError, validation } from '../errors';
import { created, json, signedPost, type ExchangeContext, type Route } from '../context';
import { ADDRESS_TYPES, depositAddress } from '../addresses';
import { ASSET_BY_TICKER, ASSET_DEFS, type AssetDef, type Rail } from '../assets';
import {
  DEPOSIT_ACCOUNT,
  DEPOSIT_ADDRESS,
  DEPOSIT_FLEX_FEE,
  DEPOSIT_REQUIRED,
  wire,
} from '../fields';
import type { Checker } from '../validate';

/**
 * Deposit addresses, after the reference (main_api_v4.yaml, getDepositAddress and
 * createNewAddress):
 * - main-account/address: the asset's current address on a network (absent: its default
 *   network); validation HTTP 400 code 0 ("The selected ticker is invalid.", "The selected network
 *   is invalid."); a fiat asset, or one whose deposits are closed, HTTP 400 code 1 "Currency is not
 *   depositable";
 * - main-account/create-new-address: a fresh address every call (HTTP 201; 200 in the spec
 *   casing), `type` bech32 or p2sh-segwit for BTC and LTC; validation HTTP 400 code 0 (an unknown
 *   network "Unsupported network", one the asset does not have "Cannot find currency for specified
 *   network"); fiat and closed deposits HTTP 422 code 0;
 * - both answer `{account: {address, memo?}, required: {fixedFee, flexFee, maxAmount, minAmount}}`,
 *   `memo` (the destination tag) only where the network takes one, `maxAmount` "0" for no limit.
 * The demo charges no deposit fee. What create-new-address made is kept (persisted) per asset and
 * network: main-account/address answers the last one made.
 */
const NETWORKS = new Set(ASSET_DEFS.flatMap((a) => (a.fiat ? [] : a.rails.map((r) => r.id))));

interface Target {
  asset: AssetDef;
  rail: Rail;
}

function target(check: Checker, unknownNetwork: string, otherNetwork: string): Target | null {
  const ticker = check.string('ticker', true);
  const network = check.string('network');
  const asset = ticker === undefined ? undefined : ASSET_BY_TICKER.get(ticker);
  if (ticker !== undefined && !asset) check.add('ticker', 'The selected ticker is invalid.');
  let rail: Rail | undefined;
  if (asset && !asset.fiat) {
    const id = network === undefined || network === '' ? asset.defaultNetwork : network;
    rail = asset.rails.find((r) => r.id === id && r.deposit !== null);
    if (!rail && network) {
      check.add('network', NETWORKS.has(network) ? otherNetwork : unknownNetwork);
    }
  }
  if (check.failed || !asset) return null;
  return rail ? { asset, rail } : { asset, rail: asset.rails[0]! };
}

function depositable({ asset, rail }: Target): boolean {
  return !asset.fiat && rail.deposit !== null;
}

function answer(exchange: ExchangeContext, { asset, rail }: Target) {
  const made = exchange.engine.state.depositAddresses[`${asset.ticker}:${rail.id}`];
  const { address, memo } = depositAddress(
    exchange.seed,
    asset,
    rail,
    made?.count ?? 0,
    made?.type ?? null,
  );
  const casing = exchange.casing;
  return wire(DEPOSIT_ADDRESS, casing, {
    account: wire(DEPOSIT_ACCOUNT, casing, { address, memo }),
    required: wire(DEPOSIT_REQUIRED, casing, {
      fixedFee: '0',
      flexFee: wire(DEPOSIT_FLEX_FEE, casing, { maxFee: '0', minFee: '0', percent: '0' }),
      maxAmount: rail.deposit?.max ?? '0',
      minAmount: rail.deposit?.min ?? '0',
    }),
  });
}

export const addressRoutes: Record<string, Route> = {
  '/api/v4/main-account/address': signedPost(({ check }, exchange) => {
    const found = target(
      check,
      'The selected network is invalid.',
      'The selected network is invalid.',
    );
    check.throwIfFailed(0, 400);
    if (!found) throw validation(0, {}, 400);
    if (!depositable(found)) {
      throw new ApiError(400, {
        code: 1,
        message: 'Inner validation failed',
        errors: { ticker: ['Currency is not depositable'] },
      });
    }
    return json(answer(exchange, found));
  }),
  '/api/v4/main-account/create-new-address': signedPost(({ check }, exchange) => {
    const found = target(
      check,
      'Unsupported network',
      'Cannot find currency for specified network',
    );
    const type = check.string('type');
    const types = found ? ADDRESS_TYPES[found.asset.ticker] : undefined;
    if (type !== undefined && !types?.includes(type)) {
      check.add('type', 'The selected type is invalid.');
    }
    check.throwIfFailed(0, 400);
    if (!found) throw validation(0, {}, 400);
    if (!depositable(found)) {
      const message = found.asset.fiat
        ? 'Fiat currencies are unavailable for this action'
        : 'Currency is not depositable';
      throw new ApiError(422, {
        code: 0,
        message: 'Inner validation failed',
        errors: { ticker: [message] },
      });
    }
    const key = `${found.asset.ticker}:${found.rail.id}`;
    const state = exchange.engine.state;
    const count = (state.depositAddresses[key]?.count ?? 0) + 1;
    state.depositAddresses[key] = { count, type: types ? (type ?? 'bech32') : null };
    exchange.changed();
    return created(answer(exchange, found), exchange.casing);
  }),
};
