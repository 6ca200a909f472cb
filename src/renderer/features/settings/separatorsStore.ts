import { getDesk } from '../../lib/desk';
import { localeOf } from '../../lib/numberFormat';
import { useSettings } from '../../lib/settingsStore';
import { knowsSeparators, rememberSeparators } from '../../../shared/separators';

/**
 * Asks main for the separators of the user's number format, for the first screen: main's Intl is
 * already started, the page's first Intl call would start the ICU library on the first render's
 * path (~25 ms of a fresh page's main thread). They are kept where every amount reads them
 * (shared/separators.ts). Resolves when they are known here, or not (main failed or could not
 * say: the page reads them itself when it first needs them); never rejects.
 */
export function prefetchSeparators(): Promise<void> {
  const locale = localeOf(useSettings.getState().numberFormat);
  if (locale === undefined || knowsSeparators(locale)) return Promise.resolve();
  return getDesk()
    .app.separators({ locale })
    .then(
      (separators) => rememberSeparators(locale, separators),
      () => undefined,
    );
}
