import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  asDeskError,
  DeskFailure,
  ErrorCode,
  isDeskError,
  type DeskError,
  type DeskErrorCode,
} from '../../src/shared/errors';

/**
 * Error codes are one closed set, DeskErrorCode (rule 6, docs/architecture.md). The proofs are for
 * the compiler: `npm run typecheck` covers this file, and each `@ts-expect-error` below fails it
 * the day the code it marks compiles (a code typed as any string again). At run time the check
 * stays on the shape, so a main older or newer than the page can still be understood.
 */
describe('DeskErrorCode', () => {
  it('is what main answers with: the compiler refuses a code outside it', () => {
    expect(new DeskFailure('EXCHANGE_PERMISSION', 'No.').code).toBe('EXCHANGE_PERMISSION');
    // @ts-expect-error: a misspelt code is not a DeskErrorCode
    const misspelt = new DeskFailure('EXCHANGE_PERMISION', 'No.');
    // The compiler is the guard; the constructor itself does not check.
    expect(misspelt.toDeskError()).toEqual({ code: 'EXCHANGE_PERMISION', message: 'No.' });
    expectTypeOf(misspelt.code).toEqualTypeOf<DeskErrorCode>();
    expectTypeOf(ErrorCode.TooLarge).toMatchTypeOf<DeskErrorCode>();
  });

  it('is what the page compares: a misspelt code in a comparison fails the typecheck', () => {
    const error: DeskError = asDeskError({ code: 'EXCHANGE_PERMISSION', message: 'No.' });
    expectTypeOf(error.code).toEqualTypeOf<DeskErrorCode>();
    expect(error.code === 'EXCHANGE_PERMISSION').toBe(true);
    // @ts-expect-error: no DeskErrorCode is spelt so, the comparison can never hold
    expect(error.code === 'EXCHANGE_PERMISION').toBe(false);
    // @ts-expect-error: the same for a comparison the other way round
    expect(error.code !== 'LOCK_WAITING').toBe(true);
    const refusals = new Set<DeskErrorCode>(['WRONG_PASSCODE', 'LOCK_WAIT']);
    // @ts-expect-error: a set of codes takes members only
    expect(new Set<DeskErrorCode>(['WRONG_PASSCODE', 'LOCK_WAITS']).size).toBe(2);
    expect(refusals.has(error.code)).toBe(false);
    const wordOf = (code: DeskErrorCode) => {
      switch (code) {
        case 'LOCKED':
          return 'locked';
        // @ts-expect-error: a switch over a code takes members only
        case 'LOCK':
          return 'lock';
        default:
          return 'other';
      }
    };
    expect(wordOf('LOCKED')).toBe('locked');
  });

  it('is not checked at run time: a code this page does not know still reads as an error', () => {
    const fromAnotherMain: unknown = { code: 'SOMETHING_NEWER', message: 'A newer main said so.' };
    expect(isDeskError(fromAnotherMain)).toBe(true);
    expect(asDeskError(fromAnotherMain)).toBe(fromAnotherMain);
  });
});
