import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  EXTERNAL_HOST_ALLOWLIST,
  isAllowedExternalUrl,
  isOwnPage,
} from '../../../src/main/page/security';
import { EXPLORER_HOSTS, explorerLink } from '../../../src/shared/explorers';

describe('isAllowedExternalUrl', () => {
  it.each([
    'https://whitebit.com',
    'https://whitebit.com/x',
    'https://WHITEBIT.com/Fees?x=1#y',
    'https://www.whitebit.com/',
    'https://docs.whitebit.eu/api/v4',
    'https://whitebit.eu',
  ])('allows %s', (url) => {
    expect(isAllowedExternalUrl(url)).toBe(true);
  });

  it.each([
    ['plain http', 'http://whitebit.com/'],
    ['another host', 'https://evil.example/'],
    ['the allowlisted name as a prefix', 'https://whitebit.com.evil.example/'],
    ['the allowlisted name as a suffix without a dot', 'https://evilwhitebit.com/'],
    ['credentials', 'https://user:pass@whitebit.com/'],
    ['a user name only', 'https://user@whitebit.com/'],
    ['a host in the path', 'https://evil.example/whitebit.com'],
    ['a host in the query', 'https://evil.example/?to=https://whitebit.com'],
    ['javascript:', 'javascript:alert(1)'],
    ['file:', 'file:///etc/passwd'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['ftp:', 'ftp://whitebit.com/'],
    ['ws:', 'wss://whitebit.com/'],
    ['a bare host', 'whitebit.com'],
    ['a relative path', '/whitebit.com'],
    ['empty', ''],
    ['garbage', 'https://'],
    ['an explorer over plain http', 'http://etherscan.io/tx/0x1'],
    ['an explorer name as a prefix', 'https://etherscan.io.evil.example/tx/0x1'],
    ['an explorer name as a suffix without a dot', 'https://evil-etherscan.io/tx/0x1'],
    ['an explorer with a user name', 'https://user@tronscan.org/#/transaction/1'],
  ])('refuses %s (%s)', (_label, url) => {
    expect(isAllowedExternalUrl(url)).toBe(false);
  });

  it('uses the allowlist it is given', () => {
    expect(isAllowedExternalUrl('https://example.org/', ['example.org'])).toBe(true);
    expect(isAllowedExternalUrl('https://a.example.org/', ['example.org'])).toBe(true);
    expect(isAllowedExternalUrl('https://whitebit.com/', ['example.org'])).toBe(false);
    expect(isAllowedExternalUrl('https://whitebit.com/', [])).toBe(false);
  });

  it('the default allowlist is the exchange sites and the block explorers', () => {
    expect([...EXTERNAL_HOST_ALLOWLIST].sort()).toEqual(
      ['whitebit.com', 'whitebit.eu', ...EXPLORER_HOSTS].sort(),
    );
  });

  it('opens the transaction pages the History screen links to', () => {
    const hash = 'a275a514013e4e0f927fd0d1bed215e7f6f2c4c6ce762836fe135ec22529d886';
    for (const [network, ticker] of [
      ['BTC', 'BTC'],
      ['ERC20', 'USDT'],
      ['TRC20', 'USDT'],
      ['BEP20', 'USDT'],
      ['XRP', 'XRP'],
      [null, 'LTC'],
    ] as const) {
      const link = explorerLink(network, ticker, hash);
      expect(link, `${network} ${ticker}`).toBeDefined();
      expect(isAllowedExternalUrl(link!.url)).toBe(true);
    }
  });
});

describe('isOwnPage', () => {
  const packagedApp = 'app://desk/index.html';
  const devApp = 'http://localhost:5173/';

  describe('packaged (app://) page', () => {
    it.each([
      packagedApp,
      `${packagedApp}#/settings`,
      `${packagedApp}?tab=1`,
      'app://desk/',
      'app://desk/assets/index.js',
    ])('%s is ours', (url) => {
      expect(isOwnPage(url, packagedApp)).toBe(true);
    });

    it.each([
      'file:///etc/passwd',
      'file:///opt/exchange-desk/resources/app.asar/out/renderer/index.html',
      'app://evil/index.html',
      'app://desk.evil/index.html',
      'app:///index.html',
      'apps://desk/index.html',
      'http://desk/index.html',
      'http://localhost:5173/',
      'https://evil.example/app://desk/index.html',
      'about:blank',
    ])('%s is not ours', (url) => {
      expect(isOwnPage(url, packagedApp)).toBe(false);
    });

    it('no file:// page is ever ours, even when named as the app page', () => {
      const file = 'file:///opt/exchange-desk/resources/app.asar/out/renderer/index.html';
      expect(isOwnPage(file, file)).toBe(false);
    });
  });

  describe('dev-server app URL', () => {
    it.each([devApp, 'http://localhost:5173', 'http://localhost:5173/deep/route?x=1#y'])(
      '%s is ours',
      (url) => {
        expect(isOwnPage(url, devApp)).toBe(true);
      },
    );

    it.each([
      'http://localhost:5174/',
      'https://localhost:5173/',
      'http://127.0.0.1:5173/',
      'http://localhost/',
      'http://localhost:5173.evil.example/',
      'http://evil.example/?http://localhost:5173/',
      'file:///etc/passwd',
      'about:blank',
    ])('%s is not ours', (url) => {
      expect(isOwnPage(url, devApp)).toBe(false);
    });
  });

  it.each([
    ['undefined', undefined],
    ['empty', ''],
    ['not a URL', 'not a url'],
    ['a relative path', '/index.html'],
  ])('refuses %s input', (_label, raw) => {
    expect(isOwnPage(raw, packagedApp)).toBe(false);
    expect(isOwnPage(raw, devApp)).toBe(false);
  });

  it('refuses everything when the app URL itself is malformed', () => {
    expect(isOwnPage('http://localhost:5173/', 'not a url')).toBe(false);
    expect(isOwnPage('not a url', 'not a url')).toBe(false);
  });
});

describe('CONTENT_SECURITY_POLICY', () => {
  const directives = new Map(
    CONTENT_SECURITY_POLICY.split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name!, values] as const;
      }),
  );

  it('confines everything to the app itself', () => {
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it("allows scripts from 'self' only", () => {
    expect(directives.get('script-src')).toEqual(["'self'"]);
  });

  it('never allows eval, inline scripts or wildcard sources', () => {
    expect(CONTENT_SECURITY_POLICY).not.toContain("'unsafe-eval'");
    expect(CONTENT_SECURITY_POLICY).not.toContain("'wasm-unsafe-eval'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/(^|\s)\*(\s|;|$)/);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/\bhttps?:/);
    for (const [name, values] of directives) {
      if (name !== 'style-src') expect(values).not.toContain("'unsafe-inline'");
    }
  });

  it('declares each directive once', () => {
    const names = CONTENT_SECURITY_POLICY.split(';').map((part) => part.trim().split(/\s+/)[0]);
    expect(new Set(names).size).toBe(names.length);
  });
});
