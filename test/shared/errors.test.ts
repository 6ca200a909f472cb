import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { asDeskError, DeskFailure, ErrorCode, isDeskError } from '../../src/shared/errors';

/** The shape as a zod schema: what isDeskError checked before it was written by hand for the preload. */
const deskErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});
const bySchema = (value: unknown) => deskErrorSchema.safeParse(value).success;

class Holder {
  constructor(readonly only: string[]) {}
}

/** Near misses of the shape, each part right or wrong. */
const candidate = fc.record(
  {
    code: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
    message: fc.oneof(fc.string(), fc.constant(undefined), fc.boolean()),
    fields: fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.dictionary(fc.string(), fc.array(fc.string())),
      fc.dictionary(fc.string(), fc.array(fc.oneof(fc.string(), fc.integer()))),
      fc.dictionary(fc.string(), fc.string()),
      fc.array(fc.array(fc.string())),
      fc.constant(Object.assign(Object.create(null) as object, { amount: ['Too small.'] })),
      fc.constant({ [Symbol('s')]: ['x'] }),
      fc.constant(new Holder(['x'])),
      fc.constant(JSON.parse('{"__proto__": 5, "amount": ["x"]}') as unknown),
      // eslint-disable-next-line no-sparse-arrays
      fc.constant({ amount: [, 'x'] }),
      fc.constant(new Map([['amount', ['x']]])),
    ),
  },
  { requiredKeys: [] },
);

describe('isDeskError', () => {
  it('agrees with the zod schema on near misses of the shape', () => {
    fc.assert(
      fc.property(candidate, (value) => {
        expect(isDeskError(value)).toBe(bySchema(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with the zod schema on anything', () => {
    fc.assert(
      fc.property(
        fc.anything({ withNullPrototype: true, withMap: true, withSet: true }),
        (value) => {
          expect(isDeskError(value)).toBe(bySchema(value));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('accepts the shapes main sends and refuses what is not one', () => {
    expect(isDeskError({ code: 'X', message: 'm' })).toBe(true);
    expect(isDeskError({ code: 'X', message: 'm', fields: { amount: ['Too small.'] } })).toBe(true);
    expect(new DeskFailure('INVALID_INPUT', 'm', { a: ['b'] }).toDeskError()).toSatisfy(
      isDeskError,
    );
    expect(isDeskError(new DeskFailure('INTERNAL', 'm'))).toBe(true);
    expect(isDeskError([])).toBe(false);
    expect(isDeskError({ code: 'X', message: 'm', fields: { amount: 'Too small.' } })).toBe(false);
    expect(isDeskError({ code: 'X', message: 'm', fields: [['a']] })).toBe(false);
  });
});

describe('asDeskError', () => {
  it('passes a DeskError through and wraps anything else', () => {
    const error = { code: 'X', message: 'm' };
    expect(asDeskError(error)).toBe(error);
    expect(asDeskError(new Error('boom'))).toEqual({ code: ErrorCode.Bridge, message: 'boom' });
    expect(asDeskError({ code: 1, message: 'm' })).toEqual({
      code: ErrorCode.Bridge,
      message: '[object Object]',
    });
  });
});
