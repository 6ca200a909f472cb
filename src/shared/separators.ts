/**
 * How a locale writes numbers: its group and decimal separators, as Intl (the CLDR data) says.
 * The renderer writes and reads every amount with them; main answers them for the page's first
 * screen (`app.separators`), so the page's first Intl call, which starts the ICU library (~25 ms of
 * a fresh renderer's main thread), comes after its first paint.
 */
export interface Separators {
  group: string;
  decimal: string;
}

/**
 * Locales whose separators are kept. The page names the locale main answers for, so the count is
 * bounded too: past it the cache starts again (a user has one or two).
 */
const MAX_LOCALES = 32;
const cache = new Map<string, Separators>();

function keep(key: string, separators: Separators): void {
  if (cache.size >= MAX_LOCALES) cache.clear();
  cache.set(key, separators);
}

/** The separators a locale writes 1234567.5 with (undefined: the runtime's default locale). */
export function separatorsOf(locale: string | undefined): Separators {
  const key = locale ?? '';
  const known = cache.get(key);
  if (known) return known;
  let parts: Intl.NumberFormatPart[];
  try {
    parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(1234567.5);
  } catch {
    parts = new Intl.NumberFormat('en-US').formatToParts(1234567.5);
  }
  const separators = {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
  keep(key, separators);
  return separators;
}

/** Whether a locale's separators are known here without an Intl call. */
export const knowsSeparators = (locale: string): boolean => cache.has(locale);

/**
 * Takes a locale's separators as read elsewhere from the same data (main's answer), unless this
 * side has read them itself: only a single character each, and two different ones, are taken.
 */
export function rememberSeparators(locale: string, separators: Separators): void {
  const { group, decimal } = separators;
  if (cache.has(locale) || [...group].length !== 1 || [...decimal].length !== 1) return;
  if (group === decimal) return;
  keep(locale, { group, decimal });
}
