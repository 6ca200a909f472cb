import { expect } from 'vitest';
import { ExchangeError } from '../../src/main/exchange/errors';

/** The ExchangeError that `run` throws (fails the test when it throws nothing or something else). */
export function thrown(run: () => unknown): ExchangeError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ExchangeError);
    return error as ExchangeError;
  }
  throw new Error('expected a throw');
}
