/**
 * Public block explorers of well-known networks: where a deposit's or withdrawal's transaction can
 * be looked at. The renderer builds the link (only for a hash of the network's own shape); main
 * lets these hosts open in the system browser (src/main/page/security.ts).
 */

interface Explorer {
  /** Shown to the user: "View … on mempool.space". */
  name: string;
  host: string;
  /** A transaction hash of this network (the whole string). */
  hash: RegExp;
  /** The page of a transaction whose hash matched `hash`. */
  path(hash: string): string;
}

/** Bitcoin-style transaction ids, Tron's and the XRP Ledger's: 32 bytes in hex. */
const HEX_32 = /^[0-9a-fA-F]{64}$/;
/** EVM transaction hashes: 32 bytes in hex, with or without the 0x the exchange may leave out. */
const EVM_HASH = /^(0x)?[0-9a-fA-F]{64}$/;
/** Solana signatures: 64 bytes in base58 (no 0, O, I, l). */
const BASE58_SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{80,88}$/;

const evm = (name: string, host: string): Explorer => ({
  name,
  host,
  hash: EVM_HASH,
  path: (hash) => `/tx/0x${hash.replace(/^0x/, '')}`,
});

const mempool: Explorer = {
  name: 'mempool.space',
  host: 'mempool.space',
  hash: HEX_32,
  path: (hash) => `/tx/${hash}`,
};
const blockchair = (chain: string): Explorer => ({
  name: 'Blockchair',
  host: 'blockchair.com',
  hash: HEX_32,
  path: (hash) => `/${chain}/transaction/${hash}`,
});
const etherscan = evm('Etherscan', 'etherscan.io');
const bscscan = evm('BscScan', 'bscscan.com');
const tronscan: Explorer = {
  name: 'Tronscan',
  host: 'tronscan.org',
  hash: HEX_32,
  path: (hash) => `/#/transaction/${hash}`,
};

/**
 * By the exchange's network name (asset-status `networks`); a record without a network is looked
 * up by its ticker, which names the chain for the coins listed here by ticker (BTC, ETH, TRX, …).
 * Networks not here (Lightning, TON, …) get no link.
 */
const EXPLORERS: ReadonlyMap<string, Explorer> = new Map([
  ['BTC', mempool],
  ['LTC', blockchair('litecoin')],
  ['DOGE', blockchair('dogecoin')],
  ['ETH', etherscan],
  ['ERC20', etherscan],
  ['BSC', bscscan],
  ['BEP20', bscscan],
  ['ARBITRUM', evm('Arbiscan', 'arbiscan.io')],
  ['POLYGON', evm('PolygonScan', 'polygonscan.com')],
  ['TRX', tronscan],
  ['TRC20', tronscan],
  ['SOL', { name: 'Solscan', host: 'solscan.io', hash: BASE58_SIGNATURE, path: (h) => `/tx/${h}` }],
  ['XRP', { name: 'XRPScan', host: 'xrpscan.com', hash: HEX_32, path: (h) => `/tx/${h}` }],
]);

/** Every explorer's host, for main's list of sites that may open in the system browser. */
export const EXPLORER_HOSTS: readonly string[] = [
  ...new Set([...EXPLORERS.values()].map((e) => e.host)),
];

export interface ExplorerLink {
  url: string;
  /** The explorer's name, for the link's text. */
  name: string;
}

/**
 * The explorer page of a transaction: undefined when the network is not a known one or the hash
 * is not of that network's shape (so nothing the exchange sends can become another URL).
 */
export function explorerLink(
  network: string | null,
  ticker: string,
  hash: string,
): ExplorerLink | undefined {
  const explorer = EXPLORERS.get((network ?? ticker).toUpperCase());
  if (!explorer?.hash.test(hash)) return undefined;
  return { url: `https://${explorer.host}${explorer.path(hash)}`, name: explorer.name };
}
