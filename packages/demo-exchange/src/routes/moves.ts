import { Decimal, parseAmount } from '../decimal';
import { ApiError, validation } from '../errors';
import { created, signedPost, type Route } from '../context';
import { ASSET_BY_TICKER } from '../assets';
import type { BalanceKind } from '../engine';
import type { Checker } from '../validate';

/**
 * main-account/transfer: moves between the user's main and trade (`spot`) balances, after the
 * reference (main_api_v4.yaml, transferBetweenBalances).
 * - the direction is `from`/`to` (main, spot, collateral) or the older `method` (deposit: main to
 *   spot, withdraw: spot to main, collateral-deposit, collateral-withdraw); neither: "The method
 *   field is required.";
 * - validation: HTTP 400 code 0 (a missing or unlisted ticker, an amount that is not a positive
 *   number, below 0.00000001 or with more than 8 decimals (the reference's "max precision"),
 *   the same from and to);
 * - collateral: the demo account has no collateral balance, HTTP 422 code 0 under `error`
 *   ("Unavailable for legal reasons", the reference's "collateral transfer unavailable");
 * - more than the source holds: HTTP 422 code 3 under `amount`, nothing moved;
 * - success: `[]`, HTTP 201 (200 in the spec casing).
 * From the trade balance only the available part moves (what open orders freeze stays).
 */
const MIN_AMOUNT = new Decimal('0.00000001');
const BALANCES = ['main', 'spot', 'collateral'] as const;
const METHODS: Readonly<Record<string, readonly [string, string]>> = {
  deposit: ['main', 'spot'],
  withdraw: ['spot', 'main'],
  'collateral-deposit': ['main', 'collateral'],
  'collateral-withdraw': ['collateral', 'main'],
};

function direction(check: Checker): readonly [string, string] | undefined {
  const from = check.raw('from');
  const to = check.raw('to');
  if ((from !== undefined && from !== null) || (to !== undefined && to !== null)) {
    const side = (name: 'from' | 'to', value: unknown) => {
      if (value === undefined || value === null || value === '') {
        check.add(
          name,
          `The ${name} field is required when ${name === 'from' ? 'to' : 'from'} is present.`,
        );
      } else if (typeof value !== 'string' || !(BALANCES as readonly string[]).includes(value)) {
        check.add(name, `The selected ${name} is invalid.`);
      } else return value;
      return undefined;
    };
    const f = side('from', from);
    const t = side('to', to);
    if (f === undefined || t === undefined) return undefined;
    if (f === t) {
      check.add('to', 'The to and from must be different.');
      return undefined;
    }
    return [f, t];
  }
  const method = check.raw('method');
  if (method === undefined || method === null || method === '') {
    check.add('method', 'The method field is required.');
    return undefined;
  }
  const pair = typeof method === 'string' ? METHODS[method] : undefined;
  if (!pair) check.add('method', 'The selected method is invalid.');
  return pair;
}

/** The amount of a move: required, positive, at least 0.00000001, at most 8 decimals. */
export function amountOf(check: Checker): Decimal | undefined {
  const raw = check.raw('amount');
  if (raw === undefined || raw === null || raw === '') {
    check.add('amount', 'The amount field is required.');
    return undefined;
  }
  const amount = parseAmount(raw);
  if (!amount) {
    check.add('amount', 'The amount must be a number.');
    check.add('amount', 'Invalid number');
    return undefined;
  }
  if (amount.lt(MIN_AMOUNT)) {
    check.add('amount', 'The amount must be at least 0.00000001.');
    return undefined;
  }
  if (amount.decimalPlaces() > 8) {
    check.add('amount', 'The amount may have at most 8 decimal places.');
    return undefined;
  }
  return amount;
}

export const moveRoutes: Record<string, Route> = {
  '/api/v4/main-account/transfer': signedPost(({ check }, exchange) => {
    let ticker = check.string('ticker', true);
    if (ticker !== undefined && !ASSET_BY_TICKER.has(ticker)) {
      check.add('ticker', 'The selected ticker is invalid.');
      ticker = undefined;
    }
    const amount = amountOf(check);
    const pair = direction(check);
    check.throwIfFailed(0, 400);
    if (!ticker || !amount || !pair) throw validation(0, {}, 400);
    const [from, to] = pair;
    if (from === 'collateral' || to === 'collateral') {
      throw new ApiError(422, {
        code: 0,
        message: 'Inner validation failed',
        errors: { error: ['Unavailable for legal reasons'] },
      });
    }
    const move = exchange.engine.moveBalance(
      ticker,
      amount,
      from as BalanceKind,
      to as BalanceKind,
    );
    if (!move.moved) {
      throw new ApiError(422, {
        code: 3,
        message: 'Inner validation failed',
        errors: {
          amount: [
            `You don't have such amount for transfer (available ${move.available.toFixed()}, in amount: ${amount.toFixed()})`,
          ],
        },
      });
    }
    return created([], exchange.casing);
  }),
};
