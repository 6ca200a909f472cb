import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXPLORER_HOSTS, explorerLink } from '../../src/shared/explorers';

const HEX = 'a275a514013e4e0f927fd0d1bed215e7f6f2c4c6ce762836fe135ec22529d886';
const SOL_SIGNATURE =
  '2iBvoWnk18wtp8Jd6tp4CPbx5FTCAcGsnM1bjVTnTZmKEKDkTuZYC9wqMzkuJYhFyrt2SvHqZbaycadus8gSj6EZ';
const NETWORKS = [
  'BTC',
  'LTC',
  'DOGE',
  'ETH',
  'ERC20',
  'BSC',
  'BEP20',
  'ARBITRUM',
  'POLYGON',
  'TRX',
  'TRC20',
  'SOL',
  'XRP',
];

describe('explorerLink', () => {
  it.each([
    ['BTC', HEX, `https://mempool.space/tx/${HEX}`, 'mempool.space'],
    ['LTC', HEX, `https://blockchair.com/litecoin/transaction/${HEX}`, 'Blockchair'],
    ['DOGE', HEX, `https://blockchair.com/dogecoin/transaction/${HEX}`, 'Blockchair'],
    ['ERC20', HEX, `https://etherscan.io/tx/0x${HEX}`, 'Etherscan'],
    ['ERC20', `0x${HEX}`, `https://etherscan.io/tx/0x${HEX}`, 'Etherscan'],
    ['ETH', `0x${HEX}`, `https://etherscan.io/tx/0x${HEX}`, 'Etherscan'],
    ['BEP20', HEX, `https://bscscan.com/tx/0x${HEX}`, 'BscScan'],
    ['BSC', `0x${HEX}`, `https://bscscan.com/tx/0x${HEX}`, 'BscScan'],
    ['ARBITRUM', HEX, `https://arbiscan.io/tx/0x${HEX}`, 'Arbiscan'],
    ['POLYGON', HEX, `https://polygonscan.com/tx/0x${HEX}`, 'PolygonScan'],
    ['TRC20', HEX, `https://tronscan.org/#/transaction/${HEX}`, 'Tronscan'],
    ['TRX', HEX, `https://tronscan.org/#/transaction/${HEX}`, 'Tronscan'],
    ['SOL', SOL_SIGNATURE, `https://solscan.io/tx/${SOL_SIGNATURE}`, 'Solscan'],
    ['XRP', HEX.toUpperCase(), `https://xrpscan.com/tx/${HEX.toUpperCase()}`, 'XRPScan'],
    ['erc20', HEX, `https://etherscan.io/tx/0x${HEX}`, 'Etherscan'],
  ])('%s %s → %s', (network, hash, url, name) => {
    expect(explorerLink(network, 'ANY', hash)).toEqual({ url, name });
  });

  it('looks a record without a network up by its ticker, when the ticker names a chain', () => {
    expect(explorerLink(null, 'LTC', HEX)?.url).toBe(
      `https://blockchair.com/litecoin/transaction/${HEX}`,
    );
    expect(explorerLink(null, 'BTC', HEX)?.url).toBe(`https://mempool.space/tx/${HEX}`);
    // A token says nothing about its chain.
    expect(explorerLink(null, 'USDT', HEX)).toBeUndefined();
    // The network wins over the ticker.
    expect(explorerLink('TRC20', 'BTC', HEX)?.url).toContain('tronscan.org');
  });

  it.each(['LIGHTNING', 'TON', 'OMNI', '', 'constructor', '__proto__', 'toString'])(
    'gives no link for the network %j',
    (network) => {
      expect(explorerLink(network, 'USDT', HEX)).toBeUndefined();
    },
  );

  it.each([
    ['a path and a query', 'abc/../x?y'],
    ['a hash with a path after it', `${HEX}/../../evil`],
    ['a hash with a query after it', `${HEX}?x=1`],
    ['a hash with a fragment after it', `${HEX}#x`],
    ['a trailing newline', `${HEX}\n`],
    ['a space', ` ${HEX}`],
    ['one digit short', HEX.slice(1)],
    ['one digit long', `${HEX}0`],
    ['not hex', HEX.replace('a', 'g')],
    ['a URL', `https://evil.example/${HEX}`],
    ['javascript:', 'javascript:alert(1)'],
    ['empty', ''],
  ])('gives no link for %s', (_label, hash) => {
    for (const network of NETWORKS) expect(explorerLink(network, 'ANY', hash)).toBeUndefined();
  });

  it("takes only the network's own hash shape", () => {
    // 0x belongs to EVM networks; hex (with 0s) is no Solana signature; base58 is no Bitcoin hash.
    expect(explorerLink('BTC', 'BTC', `0x${HEX}`)).toBeUndefined();
    expect(explorerLink('TRC20', 'USDT', `0x${HEX}`)).toBeUndefined();
    expect(explorerLink('SOL', 'SOL', HEX)).toBeUndefined();
    expect(explorerLink('BTC', 'BTC', SOL_SIGNATURE)).toBeUndefined();
    expect(explorerLink('SOL', 'SOL', `${SOL_SIGNATURE}1`)).toBeUndefined();
    expect(explorerLink('SOL', 'SOL', SOL_SIGNATURE.replace('2', '0'))).toBeUndefined();
  });

  it('builds only https URLs on an explorer host, ending with the hash, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...NETWORKS), fc.string()),
        fc.oneof(
          fc.string(),
          fc.stringMatching(/^(0x)?[0-9a-fA-F]{64}$/),
          fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{80,88}$/),
        ),
        (network, hash) => {
          const link = explorerLink(network, 'USDT', hash);
          if (!link) return;
          const url = new URL(link.url);
          expect(url.protocol).toBe('https:');
          expect(EXPLORER_HOSTS).toContain(url.hostname);
          expect(url.username + url.password + url.search).toBe('');
          expect(link.url.endsWith(hash.replace(/^0x/, ''))).toBe(true);
        },
      ),
    );
  });

  it('lists each explorer host once', () => {
    expect([...EXPLORER_HOSTS].sort()).toEqual([
      'arbiscan.io',
      'blockchair.com',
      'bscscan.com',
      'etherscan.io',
      'mempool.space',
      'polygonscan.com',
      'solscan.io',
      'tronscan.org',
      'xrpscan.com',
    ]);
  });
});
