import { describe, expect, it } from 'vitest';
import {
  formatHashrate,
  formatRawHashrate,
  formatRejectRate,
  hashrateScale,
  plotValue,
} from '../../../src/renderer/features/mining/units';
import {
  DEFAULT_INTERVAL,
  detailInterval,
  fromLocalInput,
  toLocalInput,
} from '../../../src/renderer/features/mining/miningStore';

describe('hashrate units', () => {
  it('picks the largest unit in which the maximum is at least 1', () => {
    expect(hashrateScale('0').unit).toBe('H/s');
    expect(hashrateScale('999').unit).toBe('H/s');
    expect(hashrateScale('1000').unit).toBe('kH/s');
    expect(hashrateScale('999999.99').unit).toBe('kH/s');
    expect(hashrateScale('1000000').unit).toBe('MH/s');
    expect(hashrateScale('5000000000').unit).toBe('GH/s');
    expect(hashrateScale('120000000000000').unit).toBe('TH/s');
    expect(hashrateScale('3000000000000000').unit).toBe('PH/s');
    expect(hashrateScale('1000000000000000000').unit).toBe('EH/s');
    // Beyond EH/s it stays in EH/s.
    expect(hashrateScale('7000000000000000000000').unit).toBe('EH/s');
    expect(hashrateScale('not a number').unit).toBe('H/s');
  });

  it('formats from the decimal string, half up, in the scale of the series', () => {
    const th = hashrateScale('132283146817313');
    expect(formatHashrate('118632551234567', th)).toBe('118.63 TH/s');
    expect(formatHashrate('118635000000000', th)).toBe('118.64 TH/s');
    expect(formatHashrate('0', th)).toBe('0.00 TH/s');
    expect(formatHashrate('1234567890123456789012')).toBe('1,234.57 EH/s');
    expect(formatHashrate('950')).toBe('950.00 H/s');
    expect(formatRawHashrate('118632551234567')).toBe('118,632,551,234,567 H/s');
    expect(plotValue('118632551234567', th)).toBeCloseTo(118.632551234567, 10);
  });

  it('shows a reject-rate ratio as percent without float artefacts', () => {
    expect(formatRejectRate(0.0123)).toBe('1.23 %');
    expect(formatRejectRate(0.007)).toBe('0.70 %');
    expect(formatRejectRate(undefined)).toBe('—');
  });
});

describe('range defaults', () => {
  it('gives each range an interval that keeps the fetch small, 5m for the last day', () => {
    expect(DEFAULT_INTERVAL).toEqual({
      '24h': '5m',
      '7d': '1h',
      '30d': '1h',
      '90d': '1h',
      '1y': '24h',
    });
  });

  it('loads a window in detail at the finest interval one request covers, never coarser', () => {
    const DAY = 86_400;
    // From a 24 h view: 5 minutes up to 7 days, 1 hour up to 90 days, else 24 hours.
    expect(detailInterval('24h', 3600)).toBe('5m');
    expect(detailInterval('24h', 7 * DAY)).toBe('5m');
    expect(detailInterval('24h', 7 * DAY + 1)).toBe('1h');
    expect(detailInterval('24h', 90 * DAY)).toBe('1h');
    expect(detailInterval('24h', 90 * DAY + 1)).toBe('24h');
    expect(detailInterval('24h', 200 * DAY)).toBe('24h');
    // A view at a finer interval keeps it, however long the window.
    expect(detailInterval('1h', 200 * DAY)).toBe('1h');
    expect(detailInterval('5m', 200 * DAY)).toBe('5m');
    expect(detailInterval('5m', 30 * DAY)).toBe('5m');
    expect(detailInterval('1h', 3 * DAY)).toBe('5m');
  });

  it('reads and writes datetime-local values in local time', () => {
    const seconds = Math.floor(new Date(2026, 2, 4, 5, 6).getTime() / 1000);
    expect(toLocalInput(seconds)).toBe('2026-03-04T05:06');
    expect(fromLocalInput('2026-03-04T05:06')).toBe(seconds);
    expect(fromLocalInput('')).toBeUndefined();
    expect(fromLocalInput('yesterday')).toBeUndefined();
  });
});
