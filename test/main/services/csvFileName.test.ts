import { afterEach, describe, expect, it } from 'vitest';
import { csvFileName, localDay } from '../../../src/main/services/csv';

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('CSV file names', () => {
  // 20:30 UTC on 28 November is already 29 November in Auckland and still 28th in New York.
  const EVENING_UTC = Date.UTC(2026, 10, 28, 20, 30);

  it('carry the day on the user’s clock, not UTC’s', () => {
    process.env.TZ = 'Pacific/Auckland';
    expect(localDay(EVENING_UTC)).toBe('2026-11-29');
    expect(csvFileName('deals', EVENING_UTC)).toBe('exchange-desk-deals-2026-11-29.csv');
    process.env.TZ = 'America/New_York';
    expect(csvFileName('deals', EVENING_UTC)).toBe('exchange-desk-deals-2026-11-28.csv');
  });

  it('pad months and days to two digits', () => {
    process.env.TZ = 'UTC';
    expect(localDay(Date.UTC(2027, 0, 5, 12))).toBe('2027-01-05');
  });
});
