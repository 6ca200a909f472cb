import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyKey } from '../../../src/main/accounts/verify';
import { networkError } from '../../../src/main/exchange/errors';
import { explainKeychainError } from '../../../src/main/vault/vault';
import { DeskFailure } from '../../../src/shared/errors';

/**
 * What a user reads when the exchange gives no answer: one plain sentence of what happened and one
 * of what to do (never twice), no OpenSSL internals, no backticks.
 */
const NOT_HTTPS =
  'The address answered, but not over https: check the address (http:// or https://).';

const times = (text: string, part: string) => text.split(part).length - 1;

/** A plain-http server (answers anything with 404) and one that drops every connection. */
let plainHttp: Server;
let dropping: Server;
const portOf = (server: Server) => (server.address() as { port: number }).port;

beforeAll(async () => {
  plainHttp = createServer((socket) => {
    socket.on('data', () =>
      socket.end('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n'),
    );
    socket.on('error', () => {});
  });
  dropping = createServer((socket) => {
    socket.on('error', () => {});
    socket.on('data', () => socket.resetAndDestroy());
  });
  await Promise.all(
    [plainHttp, dropping].map((s) => new Promise<void>((done) => s.listen(0, '127.0.0.1', done))),
  );
});
afterAll(async () => {
  await Promise.all(
    [plainHttp, dropping].map((s) => new Promise<void>((done) => s.close(() => done()))),
  );
});

const openSsl = () =>
  Object.assign(
    new Error(
      'write EPROTO C0FC1E2D3A7F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:../deps/openssl/openssl/ssl/record/ssl3_record.c:354:\n',
    ),
    { code: 'EPROTO', errno: -71, syscall: 'write' },
  );

describe('networkError messages', () => {
  it('https meeting an http server says so, without OpenSSL’s words', () => {
    expect(networkError(openSsl()).message).toBe(NOT_HTTPS);
    expect(networkError(new TypeError('fetch failed', { cause: openSsl() })).message).toBe(
      NOT_HTTPS,
    );
    const byCode = Object.assign(new Error('SSL alert'), {
      code: 'ERR_SSL_WRONG_VERSION_NUMBER',
    });
    expect(networkError(byCode).message).toBe(NOT_HTTPS);
  });

  it.each(['ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNREFUSED', 'ENETUNREACH'])(
    '%s gives its advice at most once',
    (code) => {
      const message = networkError(Object.assign(new Error(code), { code })).message;
      expect(times(message, 'Check the network')).toBeLessThanOrEqual(1);
      expect(message).not.toContain('`');
    },
  );
});

describe('checking a key when the exchange gives no answer', () => {
  const credentials = { apiKey: 'k', apiSecret: 's' };
  const failure = async (call: Promise<unknown>) => {
    const error = await call.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DeskFailure);
    return error as DeskFailure;
  };

  it('an https address on an http server: the plain explanation, under the address', async () => {
    const error = await failure(
      verifyKey(`https://127.0.0.1:${portOf(plainHttp)}`, credentials, true),
    );
    expect(error.fields?.['customUrl']?.[0]).toBe(error.message);
    expect(error.message).toContain(NOT_HTTPS);
    expect(error.message).not.toMatch(/EPROTO|SSL routines|openssl/i);
  });

  it('a dropped connection says "check the network" once', async () => {
    const error = await failure(
      verifyKey(`http://127.0.0.1:${portOf(dropping)}`, credentials, false),
    );
    expect(times(error.message, 'Check the network')).toBeLessThanOrEqual(1);
    expect(error.message).toMatch(/try again/i);
  });

  it('a reset connection, once more: the advice is never doubled', async () => {
    const reset = networkError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }));
    expect(times(reset.message, 'Check the network')).toBe(1);
  });
});

describe('keychain texts', () => {
  it.each(['linux', 'darwin', 'win32'] as const)('carry no backticks (%s)', (platform) => {
    for (const raw of [
      "Cannot find module 'keytar'",
      'Cannot autolaunch D-Bus without X11 $DISPLAY',
      'The name org.freedesktop.secrets was not provided by any .service files',
      'Access denied',
    ]) {
      const status = explainKeychainError(new Error(raw), platform);
      expect(`${status.message} ${status.fix}`).not.toContain('`');
    }
  });
});
