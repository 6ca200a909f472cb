import { formatDecimal, MASK } from '../../lib/decimal';

/**
 * A profit or a loss: "+1,234.50" or "−87.10", coloured by its sign and never by colour alone; zero
 * has neither. Masked in privacy mode, sign and colour too (they would tell a gain from a loss).
 */
export function SignedAmount({
  value,
  places,
  privacy,
}: {
  value: string;
  places: number;
  privacy: boolean;
}) {
  if (privacy) return <span className="amount">{MASK}</span>;
  const text = formatDecimal(value, places);
  const negative = text.startsWith('−');
  const zero = !/[1-9]/.test(text);
  return (
    <span className={`amount ${zero ? '' : negative ? 'down' : 'up'}`}>
      {zero || negative ? text : `+${text}`}
    </span>
  );
}
