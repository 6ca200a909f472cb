import { exactText } from '../../shared/format';
import { formatDecimal, MASK } from '../lib/decimal';
import { useSettings } from '../lib/settingsStore';

/**
 * A money amount: right-aligned by its cell, tabular digits, hidden in privacy mode; written at
 * `places`, the exact value on hover. A market's price (`market`) is not the user's: it stays
 * visible in privacy mode.
 */
export function Amount({
  value,
  places,
  unit,
  market = false,
}: {
  value: string;
  places: number;
  unit?: string;
  market?: boolean;
}) {
  const privacy = useSettings((s) => s.privacy) && !market;
  // Written in the chosen number format: a change of format re-renders every amount.
  useSettings((s) => s.numberFormat);
  return (
    <span className="amount" title={privacy ? undefined : exactText(value)}>
      {privacy ? MASK : formatDecimal(value, places)}
      {unit ? <span className="unit"> {unit}</span> : null}
    </span>
  );
}
