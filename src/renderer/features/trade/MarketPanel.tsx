import type { ReactNode } from 'react';
import { offlineClock } from '../status';

/**
 * A card of market data on Trade (the book, the last trades) under its title. While the exchange
 * is offline it is drawn frozen: a dashed outline and "Frozen · offline since 00:35" by the title.
 */
export function MarketPanel({
  className,
  titleId,
  title,
  frozenSince,
  children,
}: {
  className: string;
  titleId: string;
  title: string;
  frozenSince: number | undefined;
  children: ReactNode;
}) {
  const frozen = frozenSince !== undefined;
  return (
    <section className={`card ${className}${frozen ? ' is-frozen' : ''}`} aria-labelledby={titleId}>
      <h2 id={titleId}>
        {title}
        {frozen ? (
          <>
            {' '}
            <span className="frozen-badge">Frozen · offline since {offlineClock(frozenSince)}</span>
          </>
        ) : null}
      </h2>
      {children}
    </section>
  );
}
