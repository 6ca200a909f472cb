import { useSettings, type NumberFormatChoice } from './settingsStore';
import { separatorsOf, type Separators } from '../../shared/separators';

/*
 * How numbers are written and read: the group and decimal separators of the chosen format, or of
 * the user's language ("Follow system"). Digits themselves never go through floating point: the
 * separators are applied to decimal text.
 */

/** The locale a choice stands for: "Follow system" is the user's language (the page's). */
export const localeOf = (choice: NumberFormatChoice): string | undefined =>
  choice === 'system' ? navigator.language || undefined : choice;

/** The separators of the user's number format now. */
export function currentSeparators(): Separators {
  return separatorsOf(localeOf(useSettings.getState().numberFormat));
}

/** Whole digits grouped in threes with the format's group separator. */
export function groupDigits(integer: string, separators = currentSeparators()): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, separators.group);
}

/** A count in the user's number format ("1,234"), with its unit when given ("1 order", "2 orders"). */
export function formatCount(n: number, unit?: readonly [one: string, many: string]): string {
  const digits = groupDigits(String(Math.trunc(n)));
  return unit ? `${digits} ${n === 1 ? unit[0] : unit[1]}` : digits;
}

/**
 * Decimal text as typed, read as plain decimal text ("1.234,5" -> "1234.5" in a comma format):
 * - spaces (of every width) and apostrophes are grouping and go;
 * - with both a point and a comma, the last one is the decimal separator, the other grouping;
 * - one kind only: several of them are grouping; a single one followed by exactly three digits
 *   follows the user's format ("1,500" is 1500 where the comma groups), else it is the decimal
 *   separator ("0,5" is 0.5 everywhere).
 * What cannot be read so is returned trimmed, for the form's checks to refuse with their message.
 */
export function readDecimal(text: string, separators = currentSeparators()): string {
  const compact = text.trim().replace(/[\s\u00a0\u202f'\u2019]/g, '');
  if (!/^[-+]?[\d.,]+$/.test(compact)) return text.trim();
  const lastPoint = compact.lastIndexOf('.');
  const lastComma = compact.lastIndexOf(',');
  if (lastPoint >= 0 && lastComma >= 0) {
    const decimal = lastPoint > lastComma ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    const [whole = '', fraction = ''] = compact.split(decimal);
    if (compact.split(decimal).length !== 2 || fraction.includes(group)) return text.trim();
    return `${whole.split(group).join('')}.${fraction}`;
  }
  const mark = lastPoint >= 0 ? '.' : lastComma >= 0 ? ',' : undefined;
  if (!mark) return compact;
  const pieces = compact.split(mark);
  // Several: grouping, in threes after the first.
  if (pieces.length > 2) {
    const grouped =
      pieces.slice(1).every((p) => p.length === 3) && /^[-+]?\d{1,3}$/.test(pieces[0]!);
    return grouped ? pieces.join('') : text.trim();
  }
  const [whole = '', fraction = ''] = pieces;
  const groups =
    fraction.length === 3 && whole.replace(/^[-+]/, '') !== '0' && separators.group === mark;
  return groups ? `${whole}${fraction}` : `${whole}.${fraction}`;
}
