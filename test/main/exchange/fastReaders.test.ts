import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTradeBalances } from '../../../src/main/exchange/schemas';
import {
  readTradeBalances,
  tradeBalancesSchema,
} from '../../../src/main/exchange/schemas/balances';
import { readAmount, toAmountString } from '../../../src/main/exchange/schemas/primitives';

/**
 * The hand-written readers of the hottest answers (schemas/balances.ts readTradeBalances) against
 * the zod schemas they stand in for: wherever a reader answers, it gives exactly what the schema
 * gives; anything else it leaves to the schema.
 */

const decimalish = fc.oneof(
  fc.constantFrom('0', '0.85', '25000', '810.0398404098', '-1', '-0', '1e3', '1e-8', '', ' 1', 'x'),
  fc.constantFrom('1' + '0'.repeat(40), '0.' + '0'.repeat(40) + '1', '1e600000000', '00012.50'),
  fc.double(),
  fc.integer(),
  fc.constantFrom(null, true, undefined, [], {}),
  fc.stringMatching(/^-?\d{1,20}(\.\d{1,20})?$/),
);

const entry = fc.oneof(
  fc.record(
    { available: decimalish, freeze: decimalish, other: fc.string() },
    { requiredKeys: [] },
  ),
  fc.record({ available: decimalish, freeze: decimalish }),
  fc.constantFrom(
    null,
    [],
    '1',
    JSON.parse('{"__proto__": {"available": "1"}, "available": "2", "freeze": "0"}') as unknown,
    Object.assign(Object.create(null) as object, { available: '1', freeze: '0' }),
    Object.create({ available: '1', freeze: '0' }) as unknown,
  ),
);

const ticker = fc.oneof(
  fc.constantFrom('BTC', 'USDT', '1INCH', '7', '__proto__', 'x'.repeat(100), 'x'.repeat(101)),
  fc.string({ maxLength: 8 }),
);

const answer = fc.oneof(
  fc.dictionary(ticker, entry, { maxKeys: 6 }),
  fc.constantFrom([], [{}], null, 'BTC', 7, { [Symbol('s')]: { available: '1', freeze: '0' } }),
  fc.dictionary(ticker, entry).map((map) => JSON.parse(JSON.stringify(map)) as unknown),
);

function bySchema(json: unknown): { ok: true; value: unknown } | { ok: false } {
  const result = tradeBalancesSchema.safeParse(json);
  return result.success ? { ok: true, value: result.data } : { ok: false };
}

describe('readAmount', () => {
  it('is toAmountString, with a quick test for plain amounts', () => {
    const digits = (max: number) => fc.stringMatching(new RegExp(`^\\d{0,${max}}$`));
    const texts = fc.oneof(
      fc.tuple(digits(34), fc.constantFrom('', '.', '-', 'e'), digits(34)).map((p) => p.join('')),
      fc
        .tuple(fc.constantFrom('', '-', '+', ' '), digits(32), fc.constantFrom('.', ''), digits(32))
        .map((p) => p.join('')),
      fc.string(),
      fc.double(),
    );
    fc.assert(
      fc.property(texts, (value) => {
        expect(readAmount(value)).toBe(toAmountString(value));
      }),
      { numRuns: 5000 },
    );
    expect(readAmount('1'.repeat(30) + '.' + '1'.repeat(30))).toBe(
      '1'.repeat(30) + '.' + '1'.repeat(30),
    );
    expect(readAmount('1'.repeat(31))).toBeUndefined();
    expect(readAmount('1.' + '1'.repeat(31))).toBeUndefined();
    expect(readAmount('1.' + '1'.repeat(30) + '0')).toBe('1.' + '1'.repeat(30) + '0');
    expect(readAmount('0'.repeat(31) + '1')).toBe('0'.repeat(31) + '1');
  });
});

describe('readTradeBalances (without zod)', () => {
  it('gives exactly what the schema gives wherever it answers', () => {
    let answered = 0;
    fc.assert(
      fc.property(answer, (json) => {
        const read = readTradeBalances(json);
        if (read === undefined) return;
        answered++;
        const schema = bySchema(json);
        expect(schema.ok).toBe(true);
        if (schema.ok) {
          expect(read).toStrictEqual(schema.value);
          expect(Object.keys(read)).toEqual(Object.keys(schema.value as object));
        }
      }),
      { numRuns: 3000 },
    );
    // The comparison is not vacuous: a good share of the generated answers were read.
    expect(answered).toBeGreaterThan(300);
  });

  it('answers for every well-formed answer the exchange sends', () => {
    const wellFormed = fc.dictionary(
      fc.stringMatching(/^[A-Z0-9]{1,10}$/),
      fc.record({
        available: fc.stringMatching(/^\d{1,12}(\.\d{1,12})?$/),
        freeze: fc.stringMatching(/^\d{1,12}(\.\d{1,12})?$/),
      }),
    );
    fc.assert(
      fc.property(wellFormed, (map) => {
        const json = JSON.parse(JSON.stringify(map)) as unknown;
        expect(bySchema(json).ok).toBe(true);
        expect(readTradeBalances(json)).toStrictEqual(json);
      }),
    );
  });

  it('leaves the schema to refuse and word what it does not read', () => {
    const bad = { BTC: { available: '-1', freeze: '0' } };
    expect(readTradeBalances(bad)).toBeUndefined();
    expect(() => parseTradeBalances(bad)).toThrow(/BTC\.available/);
    expect(readTradeBalances({ ['x'.repeat(101)]: { available: '1', freeze: '0' } })).toBe(
      undefined,
    );
    expect(readTradeBalances([])).toStrictEqual({});
  });
});
