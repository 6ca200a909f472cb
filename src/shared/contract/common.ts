import { z } from 'zod';
import { boundedDecimal, DECIMAL_LIMITS, isZeroDecimal } from '../decimal';

/**
 * What every group of the contract is built from: a channel (a zod schema of its input, a phantom
 * output type) and an event (a payload type); and the schema pieces several groups share: ids,
 * credentials, decimal strings, market names and quote currencies.
 */

export interface ChannelDef<I extends z.ZodType, O> {
  readonly input: I;
  /** Phantom: carries the output type only. */
  readonly output: O;
}

export const channel =
  <O>() =>
  <I extends z.ZodType>(input: I): ChannelDef<I, O> => ({ input, output: undefined as O });

export const event = <P>() => undefined as P;

/** For channels that take nothing. */
export const noInput = z.undefined();

/** A profile's id. */
export const profileId = z.string().min(1).max(64);

/**
 * A key, secret or client id as the exchange issues it: printable ASCII without spaces. With the
 * length bounds below, each keychain entry stays within the 2,560-byte limit of Windows Credential
 * Manager even when every character needs escaping in JSON.
 */
export const credential = (empty: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, empty)
    .max(max, `Use at most ${max} characters.`)
    .regex(
      /^[\x21-\x7E]*$/,
      'Paste it exactly as the exchange shows it: letters, digits and symbols, no spaces.',
    );

/**
 * An amount or a price as the user types it: a plain positive decimal within the shared bounds
 * (src/shared/decimal.ts), sent without leading zeros ("000001" goes out as "1").
 */
export const decimal = (field: string, missing?: string) =>
  z
    .string(
      missing ? { error: (issue) => (issue.input === undefined ? missing : undefined) } : undefined,
    )
    .trim()
    .max(
      DECIMAL_LIMITS.maxLength,
      `Enter the ${field} with at most ${DECIMAL_LIMITS.maxLength} characters.`,
    )
    .regex(/^\d+(\.\d+)?$/, `Enter the ${field} as a number, e.g. 0.5.`)
    .refine(
      (v) => boundedDecimal(v) !== undefined,
      `Enter the ${field} with at most ${DECIMAL_LIMITS.maxIntegerDigits} digits before the point and ${DECIMAL_LIMITS.maxFractionDigits} after it.`,
    )
    .refine((v) => !isZeroDecimal(v), `Enter ${field === 'amount' ? 'an' : 'a'} ${field} above 0.`)
    .transform((v) => v.replace(/^0+(?=\d)/, ''));

/** A market name such as BTC_USDT (bounded: it is signed into requests). */
export const market = z
  .string()
  .max(40, 'Choose a market.')
  .regex(/^[A-Z0-9]+_[A-Z0-9]+$/, 'Choose a market.');

/** A quote currency to value in (a ticker such as USDT). */
export const quote = z.string().regex(/^[A-Z0-9]{2,12}$/, 'Choose a quote currency.');
