import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { Market } from '../../../shared/model';
import { marketLabel } from '../../lib/format';

/** Markets whose name, stock or money contains the query (case-insensitive). */
export function filterMarkets(markets: readonly Market[], query: string): Market[] {
  const q = query
    .trim()
    .toUpperCase()
    .replace(/[\s/-]+/g, '_');
  if (!q) return [...markets];
  return markets.filter(
    (m) =>
      m.name.includes(q) ||
      m.stock.includes(q) ||
      m.money.includes(q) ||
      `${m.stock}${m.money}`.includes(q.replace(/_/g, '')),
  );
}

interface MarketPickerProps {
  inputId: string;
  markets: readonly Market[] | undefined;
  value: string;
  onChange(name: string): void;
  error?: string | undefined;
}

const LIMIT = 50;

/** A combobox over the exchange's markets: type to filter, arrows to move, Enter to choose. */
export function MarketPicker({ inputId, markets, value, onChange, error }: MarketPickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const [query, setQuery] = useState<string | undefined>(undefined);
  const [active, setActive] = useState(0);
  const open = query !== undefined;
  const options = useMemo(
    () => (open ? filterMarkets(markets ?? [], query).slice(0, LIMIT) : []),
    [markets, open, query],
  );
  const index = Math.min(active, Math.max(0, options.length - 1));

  const choose = (name: string) => {
    setQuery(undefined);
    setActive(0);
    onChange(name);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setQuery('');
      else setActive(Math.min(index + 1, options.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(Math.max(index - 1, 0));
    } else if (event.key === 'Enter') {
      // Never submits the order form: Enter here only picks a market.
      event.preventDefault();
      const option = options[index];
      if (open && option) choose(option.name);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setQuery(undefined);
    }
  };

  return (
    <div className="field trade-picker">
      <label htmlFor={inputId}>Market</label>
      <input
        id={inputId}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && options[index] ? `${listId}-${index}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="Search markets, e.g. BTC"
        value={open ? query : marketLabel(value)}
        onFocus={() => setQuery('')}
        onBlur={() => setQuery(undefined)}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      {/* Not a tab stop (a scrolling list would be one in Chromium): the input drives it. */}
      <ul
        id={listId}
        role="listbox"
        aria-label="Markets"
        className="trade-options"
        hidden={!open}
        tabIndex={-1}
      >
        {options.map((m, i) => (
          <li
            key={m.name}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={m.name === value}
            className={i === index ? 'trade-option active' : 'trade-option'}
            // mousedown, not click: the input's blur would close the list first.
            onMouseDown={(e) => {
              e.preventDefault();
              choose(m.name);
            }}
          >
            <span>{marketLabel(m.name)}</span>
            {m.tradesEnabled ? null : <span className="chip chip-warn">paused</span>}
          </li>
        ))}
        {open && options.length === 0 ? (
          <li className="trade-option muted" role="option" aria-selected={false} aria-disabled>
            {markets ? 'No market matches.' : 'Loading markets…'}
          </li>
        ) : null}
      </ul>
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
