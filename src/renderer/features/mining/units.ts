import Decimal from 'decimal.js';
import { formatDecimal } from '../../lib/decimal';

/** Hashrate units, each 1000 times the previous. */
export const HASHRATE_UNITS = ['H/s', 'kH/s', 'MH/s', 'GH/s', 'TH/s', 'PH/s', 'EH/s'] as const;
export type HashrateUnit = (typeof HASHRATE_UNITS)[number];

export interface HashrateScale {
  unit: HashrateUnit;
  /** 10^(3k): what a value in H/s is divided by to be in `unit`. */
  divisor: Decimal;
}

/** The largest unit in which `max` (H/s, a decimal string) is at least 1; H/s for 0 or less. */
export function hashrateScale(max: string): HashrateScale {
  let value: Decimal;
  try {
    value = new Decimal(max);
  } catch {
    value = new Decimal(0);
  }
  let k = 0;
  while (k < HASHRATE_UNITS.length - 1 && value.gte(new Decimal(1000).pow(k + 1))) k++;
  return { unit: HASHRATE_UNITS[k]!, divisor: new Decimal(1000).pow(k) };
}

/** A value in H/s expressed in the scale's unit, exactly. */
export function inUnit(value: string, scale: HashrateScale): Decimal {
  return new Decimal(value).div(scale.divisor);
}

/**
 * The number a chart plots for a value: geometry only (a line's height), never shown as a value;
 * shown values go through `formatHashrate` from the decimal string.
 */
export function plotValue(value: string, scale: HashrateScale): number {
  return inUnit(value, scale).toNumber();
}

/** "118.63 TH/s": in the scale's unit (by default the value's own), half up, grouped. */
export function formatHashrate(
  value: string,
  scale: HashrateScale = hashrateScale(value),
  places = 2,
): string {
  return `${formatDecimal(inUnit(value, scale).toFixed(), places)} ${scale.unit}`;
}

/** The exchange's value as it came, grouped: "118,632,551,234,567 H/s". */
export function formatRawHashrate(value: string): string {
  return `${formatDecimal(value, new Decimal(value).decimalPlaces())} H/s`;
}

/** A reject-rate ratio (0.0123) as "1.23 %" (a ratio, not an amount). */
export function formatRejectRate(ratio: number | undefined, places = 2): string {
  if (ratio === undefined) return '—';
  return `${formatDecimal(new Decimal(String(ratio)).mul(100).toFixed(), places)} %`;
}
