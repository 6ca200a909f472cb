import { describe, expect, it } from 'vitest';
import { scrubForeign } from '../../../src/main/lib/log';

/** Text from outside (an exchange's words, a name it sent) made fit for the log. */
describe('scrubForeign', () => {
  it('replaces each given secret wherever it appears', () => {
    expect(scrubForeign('authorize: invalid token tok-123 (tok-123)', ['tok-123'])).toBe(
      'authorize: invalid token [redacted] ([redacted])',
    );
  });

  it('masks long runs of hex or base64 that are not the given secret', () => {
    const hex = '0123456789abcdef0123456789abcdef';
    const base64 = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0';
    const base64url = 'Zm9vYmFyYmF6cXV4LXF1dXgtY29yZ2UtZ3JhdWx0_x=';
    const line = scrubForeign(`refused ${hex}, ${base64} and ${base64url}`);
    for (const secret of [hex, 'eyJhbGciOiJIUzI1NiJ9', 'eyJzdWIiOiIxMjM0NTY3ODkwIn0', base64url]) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain('refused [masked], ');
  });

  it('keeps words, names and numbers as they are', () => {
    const line =
      'dropped a message (ordersExecuted_subscribe): BTC_USDT update_id 1212904480922 at ' +
      '/api/v4/trade-account/executed-history, "a non-negative decimal number"';
    expect(scrubForeign(line)).toBe(line);
  });

  it('ignores an empty secret', () => {
    expect(scrubForeign('nothing secret', [''])).toBe('nothing secret');
  });
});
