import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sign, signRequest } from '../../../src/main/exchange/signer';

// The test vector of docs/api-v4-notes.md §1.
const VECTOR = {
  secret: 'test-secret',
  json: '{"request":"/api/v4/trade-balance","nonce":1700000000000,"nonceWindow":true,"ticker":"BTC"}',
  payload:
    'eyJyZXF1ZXN0IjoiL2FwaS92NC90cmFkZS1iYWxhbmNlIiwibm9uY2UiOjE3MDAwMDAwMDAwMDAsIm5vbmNlV2luZG93Ijp0cnVlLCJ0aWNrZXIiOiJCVEMifQ==',
  signature:
    '81d08e8576e565acb3da4ec9125fc4d87683c97a183a6034f4cf1cd2f2c2b70af2da3aaba2241afa785d5fb7ad6e25d8dbe7049608f409487a56067703df9b92',
};

describe('signer', () => {
  it('reproduces the §1 test vector', () => {
    expect(sign(VECTOR.json, VECTOR.secret)).toEqual({
      payload: VECTOR.payload,
      signature: VECTOR.signature,
    });
  });

  it('builds the body once, in order, compact, and signs exactly those bytes', () => {
    const signed = signRequest('/api/v4/trade-balance', { ticker: 'BTC' }, 1700000000000, {
      apiKey: 'key-1',
      apiSecret: VECTOR.secret,
    });
    expect(signed.body).toBe(VECTOR.json);
    expect(signed.headers).toEqual({
      'content-type': 'application/json',
      'x-txc-apikey': 'key-1',
      'x-txc-payload': VECTOR.payload,
      'x-txc-signature': VECTOR.signature,
    });
  });

  it('does not escape slashes and keeps unicode, and the signature is of the Base64 payload', () => {
    const signed = signRequest('/api/v4/main-account/history', { memo: 'a/b ü' }, 5, {
      apiKey: 'k',
      apiSecret: 's',
    });
    expect(signed.body).toBe(
      '{"request":"/api/v4/main-account/history","nonce":5,"nonceWindow":true,"memo":"a/b ü"}',
    );
    expect(Buffer.from(signed.headers['x-txc-payload']!, 'base64').toString('utf8')).toBe(
      signed.body,
    );
    const expected = createHmac('sha512', 's')
      .update(signed.headers['x-txc-payload']!)
      .digest('hex');
    expect(signed.headers['x-txc-signature']).toBe(expected);
    expect(signed.headers['x-txc-signature']).toMatch(/^[0-9a-f]{128}$/);
  });
});
