import type { AssetDef, Rail } from './assets';
import { hash32 } from './rng';

/**
 * Deposit addresses: a function of the seed, the asset, the network, which address of that network
 * it is (create-new-address makes the next) and its type, so a seed always gives the same
 * addresses. They look like the network's own (an `0x` account on the EVM networks, `bc1q` on
 * Bitcoin, `r` on XRP with a numeric destination tag) but are not valid keys of any chain.
 */

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const HEX = '0123456789abcdef';

/** Address types create-new-address takes, for BTC and LTC only (bech32 the default). */
export const ADDRESS_TYPES: Readonly<Record<string, readonly string[]>> = {
  BTC: ['bech32', 'p2sh-segwit'],
  LTC: ['bech32', 'p2sh-segwit'],
};

function chars(alphabet: string, length: number, ...parts: (string | number)[]): string {
  let out = '';
  for (let i = 0; out.length < length; i++) {
    out += alphabet[hash32(...parts, i) % alphabet.length];
  }
  return out;
}

function shape(network: string, type: string | null, ...parts: (string | number)[]): string {
  const p2sh = type === 'p2sh-segwit';
  switch (network) {
    case 'BTC':
      return p2sh ? `3${chars(BASE58, 33, ...parts)}` : `bc1q${chars(BECH32, 38, ...parts)}`;
    case 'LTC':
      return p2sh ? `M${chars(BASE58, 33, ...parts)}` : `ltc1q${chars(BECH32, 38, ...parts)}`;
    case 'LIGHTNING':
      return `lnbc1p${chars(BECH32, 58, ...parts)}`;
    case 'ERC20':
    case 'ARBITRUM':
    case 'BEP20':
      return `0x${chars(HEX, 40, ...parts)}`;
    case 'TRC20':
      return `T${chars(BASE58, 33, ...parts)}`;
    case 'XRP':
      return `r${chars(BASE58, 33, ...parts)}`;
    case 'DOGE':
      return `D${chars(BASE58, 33, ...parts)}`;
    case 'ADA':
      return `addr1q${chars(BECH32, 52, ...parts)}`;
    case 'DOT':
      return `1${chars(BASE58, 46, ...parts)}`;
    default:
      return chars(BASE58, 44, ...parts);
  }
}

export interface DepositAddress {
  address: string;
  /** The destination tag, on networks that take one (XRP). */
  memo?: string;
}

/** The `index`th deposit address of `asset` on `rail` (0: the one an account starts with). */
export function depositAddress(
  seed: number,
  asset: AssetDef,
  rail: Rail,
  index: number,
  type: string | null,
): DepositAddress {
  const parts = [seed, asset.ticker, rail.id, index, type ?? ''];
  const address = shape(rail.id, type, 'address', ...parts);
  if (!asset.memo) return { address };
  return { address, memo: String(100_000_000 + (hash32('memo', ...parts) % 900_000_000)) };
}
