import { Decimal } from '../decimal';
import { ApiError } from '../errors';
import { json, signedPost, type ExchangeContext, type Route } from '../context';
import { ASSET_BY_TICKER, precisionOf } from '../assets';
import { MARKET_BY_NAME } from '../markets';
import { CONVERTS_LIMIT, type ConvertQuote, type ConvertRec } from '../state';
import {
  CONVERT_DONE,
  CONVERT_PAGE,
  CONVERT_QUOTE,
  CONVERT_RECORD,
  CONVERT_STEP,
  wire,
} from '../fields';
import type { Checker } from '../validate';

/**
 * Convert (http-trade-v4.yaml: convertEstimate, convertConfirm, convertHistory). The reference names
 * one casing: both casings answer the same fields, HTTP 200; error texts are the exchange's
 * translation keys.
 * - estimate: `from`, `to`, `direction` (`from`: the amount is given, `to`: it is received) and
 *   `amount` (thousands commas allowed, silently truncated to 8 decimals). The rate is the market's
 *   price (from the stock: the price; from the money: 1 / price, 8 decimals, down); what is received
 *   is cut down to the target's precision, what is given rounded up to the source's. A quote lives
 *   QUOTE_SECONDS on the demo's clock (the control endpoint's clockSkewMs steps it).
 * - errors: a missing field code 30 (HTTP 422, `validation.required`); a direction other than
 *   from/to code 30; an unknown ticker, the same two, or no market between them: code 0 (HTTP 422)
 *   under `from` "Conversion markets not available"; what rounds to nothing: code 0 (HTTP 422)
 *   `validation.amount_too_small`; more than the exchange can give: code 32 (HTTP 400); more than
 *   the main balance holds: code 37 (HTTP 400), checked at estimate and again at confirm.
 * - confirm: `quoteId` (digits, at most 19): an expired quote code 20 (HTTP 400,
 *   `api.converter.quoteExpired`); unknown or already used code 0 (HTTP 422,
 *   `frontendServerSide.converter.quoteInvalid`). It moves the user's main balance: the given
 *   asset to the market maker, the received asset from it.
 * - history: newest first, `fromTicker`, `toTicker`, `quoteId`, `from`/`to` (Unix seconds; default:
 *   the 30 days up to now; a wider window code 30 under both), `limit` 1..100 (default 100),
 *   `offset` >= 0; `{records, total, limit, offset}`.
 */
export const QUOTE_SECONDS = 10;
const MAX_RANGE_SECONDS = 30 * 86400;
/** Expired quotes are kept this long, so confirming one says "expired", not "invalid". */
const EXPIRED_KEPT_SECONDS = 600;
const QUOTES_LIMIT = 1000;

type Body = { code: number; message: string; errors: Record<string, string[]> };
const refuse = (status: number, code: number, errors: Record<string, string[]>) =>
  new ApiError(status, { code, message: 'Validation failed', errors } satisfies Body);

const required = (check: Checker, name: string): unknown => {
  const value = check.raw(name);
  if (value === undefined || value === null || value === '') {
    check.add(name, 'validation.required');
    return undefined;
  }
  return value;
};

/** The rate from -> to (what one unit of from buys), or undefined without a market between them. */
function rateOf(exchange: ExchangeContext, from: string, to: string): Decimal | undefined {
  const direct = MARKET_BY_NAME.get(`${from}_${to}`);
  if (direct?.tradesEnabled)
    return exchange.engine.price(direct).toDecimalPlaces(8, Decimal.ROUND_DOWN);
  const inverse = MARKET_BY_NAME.get(`${to}_${from}`);
  if (inverse?.tradesEnabled) {
    return new Decimal(1)
      .div(exchange.engine.price(inverse))
      .toDecimalPlaces(8, Decimal.ROUND_DOWN);
  }
  return undefined;
}

const held = (record: Record<string, string>, asset: string) => new Decimal(record[asset] ?? '0');

/** Refuses what the main balance or the market maker cannot cover. */
function checkCover(
  exchange: ExchangeContext,
  quote: Pick<ConvertQuote, 'from' | 'to' | 'give' | 'receive'>,
) {
  const state = exchange.engine.state;
  if (new Decimal(quote.receive).gt(held(state.maker, quote.to))) {
    throw refuse(400, 32, { amount: ['frontendServerSide.converter.amountIsTooBig'] });
  }
  if (new Decimal(quote.give).gt(held(state.main, quote.from))) {
    throw refuse(400, 37, { amount: ['validation.balance'] });
  }
}

const estimate = signedPost(({ check }, exchange) => {
  const from = required(check, 'from');
  const to = required(check, 'to');
  const direction = required(check, 'direction');
  const amountRaw = required(check, 'amount');
  if (direction !== undefined && direction !== 'from' && direction !== 'to') {
    check.add('direction', 'Direction field does not exist in [from,to].');
  }
  const amountText = typeof amountRaw === 'number' ? String(amountRaw) : amountRaw;
  const amount =
    typeof amountText === 'string' &&
    /^\d{1,3}(,\d{3})*(\.\d+)?$|^\d+(\.\d+)?$/.test(amountText.trim())
      ? new Decimal(amountText.trim().replace(/,/g, '')).toDecimalPlaces(8, Decimal.ROUND_DOWN)
      : undefined;
  if (amountRaw !== undefined && !amount) check.add('amount', 'validation.numeric');
  check.throwIfFailed(30);
  const rate =
    typeof from === 'string' &&
    typeof to === 'string' &&
    ASSET_BY_TICKER.has(from) &&
    ASSET_BY_TICKER.has(to)
      ? rateOf(exchange, from, to)
      : undefined;
  if (!rate || typeof from !== 'string' || typeof to !== 'string' || !amount) {
    throw refuse(422, 0, { from: ['Conversion markets not available'] });
  }
  const receive =
    direction === 'from'
      ? amount.times(rate).toDecimalPlaces(precisionOf(to), Decimal.ROUND_DOWN)
      : amount.toDecimalPlaces(precisionOf(to), Decimal.ROUND_DOWN);
  const give =
    direction === 'from'
      ? amount
      : receive.div(rate).toDecimalPlaces(precisionOf(from), Decimal.ROUND_UP);
  if (receive.lte(0) || give.lte(0))
    throw refuse(422, 0, { amount: ['validation.amount_too_small'] });
  const state = exchange.engine.state;
  const nowSec = Math.floor(exchange.now() / 1000);
  const quote: ConvertQuote = {
    id: String(state.nextQuoteId),
    from,
    to,
    give: give.toFixed(),
    receive: receive.toFixed(),
    rate: rate.toFixed(),
    expireAt: nowSec + QUOTE_SECONDS,
  };
  checkCover(exchange, quote);
  state.nextQuoteId += 1;
  state.quotes = [
    ...state.quotes.filter((q) => q.expireAt + EXPIRED_KEPT_SECONDS > nowSec),
    quote,
  ].slice(-QUOTES_LIMIT);
  exchange.changed();
  return json(wire(CONVERT_QUOTE, exchange.casing, quote));
});

const confirm = signedPost(({ check }, exchange) => {
  const raw = required(check, 'quote_id');
  const text = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : raw;
  if (raw !== undefined && (typeof text !== 'string' || !/^\d+$/.test(text))) {
    check.add('quoteId', 'validation.numeric_integer');
  } else if (typeof text === 'string' && text.length > 19) {
    check.add('quoteId', 'validation.numeric_field_length');
  }
  if (check.failed) {
    const errors = { ...check.errors };
    if (errors.quote_id) {
      errors.quoteId = errors.quote_id;
      delete errors.quote_id;
    }
    throw refuse(422, 30, errors);
  }
  const state = exchange.engine.state;
  const quote = state.quotes.find((q) => q.id === text);
  if (!quote) throw refuse(422, 0, { quoteId: ['frontendServerSide.converter.quoteInvalid'] });
  if (exchange.now() >= quote.expireAt * 1000) {
    throw refuse(400, 20, { quoteId: ['api.converter.quoteExpired'] });
  }
  checkCover(exchange, quote);
  const { from, to, give, receive } = quote;
  state.main[from] = held(state.main, from).minus(give).toFixed();
  state.maker[from] = held(state.maker, from).plus(give).toFixed();
  state.maker[to] = held(state.maker, to).minus(receive).toFixed();
  state.main[to] = held(state.main, to).plus(receive).toFixed();
  state.quotes = state.quotes.filter((q) => q !== quote);
  const record: ConvertRec = {
    id: quote.id,
    from,
    to,
    give,
    receive,
    rate: quote.rate,
    date: Math.floor(exchange.now() / 1000),
  };
  state.converts.unshift(record);
  state.converts.length = Math.min(state.converts.length, CONVERTS_LIMIT);
  exchange.changed();
  return json(wire(CONVERT_DONE, exchange.casing, { finalGive: give, finalReceive: receive }));
});

/** An optional Unix-seconds filter (integer or digits); recorded as the exchange words it. */
function seconds(check: Checker, name: 'from' | 'to'): number | undefined {
  const raw = check.raw(name);
  if (raw === undefined || raw === null || raw === '') return undefined;
  const value = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    check.add(name, 'validation.numeric_integer');
    return undefined;
  }
  if (String(value).length > 10) {
    check.add(name, 'validation.numeric_field_length');
    return undefined;
  }
  return value;
}

function tickerFilter(check: Checker, snake: string, name: string): string | undefined {
  const raw = check.raw(snake);
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string' || !ASSET_BY_TICKER.has(raw)) {
    check.add(name, `${name} is invalid.`);
    return undefined;
  }
  return raw;
}

function bounded(
  check: Checker,
  name: string,
  def: number,
  min: number,
  max: number,
  message: string,
) {
  const raw = check.raw(name);
  if (raw === undefined || raw === null) return def;
  const n = typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < min || n > max) {
    check.add(name, message);
    return def;
  }
  return n;
}

const history = signedPost(({ check }, exchange) => {
  const fromTicker = tickerFilter(check, 'from_ticker', 'fromTicker');
  const toTicker = tickerFilter(check, 'to_ticker', 'toTicker');
  const quoteId = check.raw('quote_id');
  const nowSec = Math.floor(exchange.now() / 1000);
  const toGiven = seconds(check, 'to');
  const fromGiven = seconds(check, 'from');
  const to = toGiven ?? nowSec;
  const from = fromGiven ?? to - MAX_RANGE_SECONDS;
  if (to - from > MAX_RANGE_SECONDS) {
    check.add('from', 'api.validation.dateTime.maxRange');
    check.add('to', 'api.validation.dateTime.maxRange');
  }
  const limit = bounded(check, 'limit', 100, 1, 100, 'validation.numeric_field_length');
  const offset = bounded(check, 'offset', 0, 0, Number.MAX_SAFE_INTEGER, 'validation.length_min');
  if (check.failed) throw refuse(422, 30, check.errors);
  const all = exchange.engine.state.converts.filter(
    (c) =>
      (!fromTicker || c.from === fromTicker) &&
      (!toTicker || c.to === toTicker) &&
      (quoteId === undefined || quoteId === null || quoteId === '' || c.id === String(quoteId)) &&
      c.date >= from &&
      c.date <= to,
  );
  const records = all.slice(offset, offset + limit).map((c) =>
    wire(CONVERT_RECORD, exchange.casing, {
      ...c,
      path: [wire(CONVERT_STEP, exchange.casing, c)],
    }),
  );
  return json(wire(CONVERT_PAGE, exchange.casing, { records, total: all.length, limit, offset }));
});

export const convertRoutes: Record<string, Route> = {
  '/api/v4/convert/estimate': estimate,
  '/api/v4/convert/confirm': confirm,
  '/api/v4/convert/history': history,
};
