import { describe, expect, it } from 'vitest';
import { checkBaseUrl } from '../../../src/main/exchange/baseUrl';

describe('checkBaseUrl', () => {
  it.each([
    ['https://exchange.example', 'https://exchange.example'],
    ['  https://exchange.example/  ', 'https://exchange.example'],
    ['https://exchange.example:8443/api//', 'https://exchange.example:8443/api'],
    ['http://127.0.0.1:4100', 'http://127.0.0.1:4100'],
    ['http://127.0.0.1:4100/', 'http://127.0.0.1:4100'],
  ])('accepts %s as %s', (raw, url) => {
    expect(checkBaseUrl(raw)).toEqual({ ok: true, url });
  });

  it.each([
    ['http://exchange.example', /https/],
    ['http://localhost:4100', /https/],
    ['http://[::1]:4100', /https/],
    ['http://127.0.0.2', /https/],
    ['ftp://127.0.0.1', /https/],
    ['ws://127.0.0.1', /https/],
    ['exchange.example', /full address/],
    ['', /full address/],
    ['https://user:pw@exchange.example', /user name or password/],
    ['https://exchange.example/?x=1', /\? or #/],
    ['https://exchange.example/#top', /\? or #/],
  ])('refuses %s', (raw, message) => {
    const result = checkBaseUrl(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});
