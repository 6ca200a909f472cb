import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { Market, MarketTicker } from '../../../shared/model';
import { formatDecimal } from '../../lib/decimal';
import { marketLabel, percentChange } from '../../lib/format';

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

/** The favourites first, each group in the exchange's order. */
function favouritesFirst(markets: readonly Market[], favourites: readonly string[]): Market[] {
  const starred = new Set(favourites);
  return [
    ...markets.filter((m) => starred.has(m.name)),
    ...markets.filter((m) => !starred.has(m.name)),
  ];
}

/** An option's price and change as shown, and what its description adds for a screen reader. */
function optionText(market: Market, ticker: MarketTicker | undefined, favourite: boolean) {
  const price = ticker ? formatDecimal(ticker.lastPrice, market.moneyPrec) : undefined;
  const change = ticker ? percentChange(ticker.change) : undefined;
  const description = [
    price ? `Last price in ${market.money} and 24 h change.` : 'No price.',
    `Ctrl+D ${favourite ? 'removes it from' : 'adds it to'} favourites.`,
  ].join(' ');
  return { price, change, description };
}

/** Ctrl+D, or ⌘D on a Mac. */
const isFavouriteKey = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === 'd';

interface MarketPickerProps {
  inputId: string;
  markets: readonly Market[] | undefined;
  /** Last price and 24 h change per market; a market without one shows "—". */
  tickers: Readonly<Record<string, MarketTicker>> | undefined;
  favourites: readonly string[];
  value: string;
  onChange(name: string): void;
  onToggleFavourite(name: string): void;
  /** The list opened (prices are fetched again). */
  onOpen(): void;
  error?: string | undefined;
}

const LIMIT = 50;

/**
 * A combobox over the exchange's markets: focus opens the list on the market in use (Enter then
 * changes nothing), type to filter, arrows to move, Enter to choose, Escape to close; Ctrl+D (⌘D) stars the highlighted market, as its ☆ does for the mouse. Favourites come
 * first. Each option shows its last price and signed 24 h change.
 */
export function MarketPicker(props: MarketPickerProps) {
  const { inputId, markets, tickers, favourites, value, onChange, error } = props;
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const [open, setOpen] = useState(false);
  // What was typed; undefined while untouched (the field shows the market in use, the list all).
  const [query, setQuery] = useState<string | undefined>(undefined);
  // The highlighted option by market, so it stays highlighted when a star moves it.
  const [activeName, setActiveName] = useState<string | undefined>(undefined);
  const [said, setSaid] = useState('');
  const options = useMemo(
    () =>
      open
        ? filterMarkets(favouritesFirst(markets ?? [], favourites), query ?? '').slice(0, LIMIT)
        : [],
    [markets, favourites, open, query],
  );
  const index = Math.max(
    0,
    options.findIndex((m) => m.name === activeName),
  );
  const active = options[index];

  // Keep the highlighted option in view as the arrows (or a star) move it.
  useEffect(() => {
    if (open && active)
      document.getElementById(`${listId}-${active.name}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, listId]);

  const close = () => {
    setOpen(false);
    setQuery(undefined);
    setActiveName(undefined);
    setSaid('');
  };

  const choose = (name: string) => {
    close();
    if (name !== value) onChange(name);
  };

  const toggle = (market: Market) => {
    const adding = !favourites.includes(market.name);
    props.onToggleFavourite(market.name);
    setActiveName(market.name);
    setSaid(`${marketLabel(market.name)} ${adding ? 'added to' : 'removed from'} favourites.`);
  };

  const move = (to: number) =>
    setActiveName(options[Math.min(Math.max(to, 0), options.length - 1)]?.name);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      else move(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(index - 1);
    } else if (event.key === 'Enter') {
      // Never submits the order form: Enter here only picks a market (the one in use, untouched).
      event.preventDefault();
      if (open && active) choose(active.name);
      else close();
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    } else if (isFavouriteKey(event) && open && active) {
      event.preventDefault();
      toggle(active);
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
        aria-activedescendant={open && active ? `${listId}-${active.name}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errorId : undefined, hintId].filter(Boolean).join(' ')}
        autoComplete="off"
        spellCheck={false}
        placeholder="Search markets, e.g. BTC"
        value={query ?? marketLabel(value)}
        onFocus={(e) => {
          // The market in use stays shown (selected: typing replaces it) and highlighted.
          setOpen(true);
          setActiveName(value);
          e.currentTarget.select();
          props.onOpen();
        }}
        onBlur={close}
        onChange={(e) => {
          setOpen(true);
          setQuery(e.target.value);
          setActiveName(undefined);
          setSaid('');
        }}
        onKeyDown={onKeyDown}
      />
      <div className="trade-popup" hidden={!open}>
        {/* Not a tab stop (a scrolling list would be one in Chromium): the input drives it. */}
        <ul id={listId} role="listbox" aria-label="Markets" className="trade-options" tabIndex={-1}>
          {options.map((m) => {
            const favourite = favourites.includes(m.name);
            const { price, change, description } = optionText(m, tickers?.[m.name], favourite);
            // The name is what shows (a space between the parts, which the flex layout hides):
            // "★ BTC/USDT 60,000.00 +1.20 %", the star named only when it is on.
            return (
              <li
                key={m.name}
                id={`${listId}-${m.name}`}
                role="option"
                aria-selected={m.name === value}
                aria-description={description}
                className={m === active ? 'trade-option active' : 'trade-option'}
                // mousedown, not click: the input's blur would close the list first.
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(m.name);
                }}
              >
                {/* The mouse's way to star; the keyboard's is Ctrl+D. */}
                <span
                  className={favourite ? 'trade-star starred' : 'trade-star'}
                  {...(favourite
                    ? { role: 'img', 'aria-label': 'Favourite' }
                    : { 'aria-hidden': true })}
                  title={favourite ? 'Remove from favourites' : 'Add to favourites'}
                  onMouseDown={(e) => {
                    e.preventDefault();
                    e.stopPropagation();
                    toggle(m);
                  }}
                >
                  {favourite ? '★' : '☆'}
                </span>{' '}
                <span className="trade-option-name">{marketLabel(m.name)}</span>{' '}
                {m.tradesEnabled ? null : <span className="chip chip-warn">paused</span>}{' '}
                <span className="trade-option-price">{price ?? '—'}</span>{' '}
                <span className={`trade-option-change ${change?.direction ?? ''}`}>
                  {change?.text ?? ''}
                </span>
              </li>
            );
          })}
          {open && options.length === 0 ? (
            <li className="trade-option muted" role="option" aria-selected={false} aria-disabled>
              {markets ? 'No market matches.' : 'Loading markets…'}
            </li>
          ) : null}
        </ul>
        <p className="trade-popup-foot">
          <span id={hintId}>Ctrl+D (⌘D) or ☆: add the highlighted market to favourites</span>
          <span role="status">{said}</span>
        </p>
      </div>
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
