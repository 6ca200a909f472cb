import { describe, expect, it, vi } from 'vitest';
import { BalanceMoves } from '../../../src/main/services/balanceTransfer';
import type { ExchangeApi } from '../../../src/main/exchange/api';
import { networkError, parseErrorResponse } from '../../../src/main/exchange/errors';
import { DeskFailure } from '../../../src/shared/errors';

const ENDPOINT = '/api/v4/main-account/transfer';
const MOVE = { ticker: 'USDT', amount: '25', from: 'main', to: 'trade' } as const;
const now = () => Promise.resolve();

/** A socket reset after the request went out: the answer is lost, the move may have happened. */
const reset = () =>
  networkError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }), ENDPOINT);

/** An api whose main balance is `balances` in turn (the last one repeats) and whose transfer does `send`. */
function fakeApi(balances: string[], send: () => Promise<true>) {
  let read = 0;
  const mainBalance = vi.fn(() => {
    const value = balances[Math.min(read++, balances.length - 1)]!;
    return Promise.resolve({ USDT: value });
  });
  const transferBalance = vi.fn(send);
  return {
    api: { mainBalance, transferBalance } as unknown as ExchangeApi,
    mainBalance,
    transferBalance,
  };
}

async function failureOf(promise: Promise<unknown>): Promise<DeskFailure> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DeskFailure);
  return error as DeskFailure;
}

describe('BalanceMoves', () => {
  it('sends the amount once, main to spot, and answers it moved', async () => {
    const { api, transferBalance } = fakeApi(['100'], () => Promise.resolve(true));
    const outcome = await new BalanceMoves().move(api, 'p1', MOVE, { sleep: now });
    expect(outcome).toEqual({ outcome: 'moved', ...MOVE, reconciled: false });
    expect(transferBalance).toHaveBeenCalledTimes(1);
    expect(transferBalance).toHaveBeenCalledWith('USDT', '25', 'main', 'trade');
  });

  it('refuses a second move of the profile while one is in flight, before the exchange', async () => {
    let finish: (v: true) => void = () => undefined;
    const { api, transferBalance } = fakeApi(
      ['100'],
      () => new Promise<true>((resolve) => (finish = resolve)),
    );
    const moves = new BalanceMoves();
    const first = moves.move(api, 'p1', MOVE, { sleep: now });
    const second = await failureOf(moves.move(api, 'p1', MOVE, { sleep: now }));
    expect(second.code).toBe('TRANSFER_IN_FLIGHT');
    // Another profile is not held back.
    const { api: other } = fakeApi(['5'], () => Promise.resolve(true));
    await expect(moves.move(other, 'p2', MOVE, { sleep: now })).resolves.toMatchObject({
      outcome: 'moved',
    });
    await vi.waitFor(() => expect(transferBalance).toHaveBeenCalledTimes(1));
    finish(true);
    await expect(first).resolves.toMatchObject({ outcome: 'moved' });
    expect(moves.busy('p1')).toBe(false);
    expect(transferBalance).toHaveBeenCalledTimes(1);
  });

  it('a lost answer whose move shows in the main balance is moved, not sent again', async () => {
    const { api, transferBalance } = fakeApi(['100', '75'], () => Promise.reject(reset()));
    const outcome = await new BalanceMoves().move(api, 'p1', MOVE, { sleep: now });
    expect(outcome).toEqual({ outcome: 'moved', ...MOVE, reconciled: true });
    expect(transferBalance).toHaveBeenCalledTimes(1);
  });

  it('a lost answer trade to main is matched by the main balance growing by the amount', async () => {
    const { api } = fakeApi(['100', '125'], () => Promise.reject(reset()));
    const back = { ...MOVE, from: 'trade', to: 'main' } as const;
    await expect(new BalanceMoves().move(api, 'p1', back, { sleep: now })).resolves.toEqual({
      outcome: 'moved',
      ...back,
      reconciled: true,
    });
  });

  it('a lost answer with the balance unchanged says nothing moved and does not resend', async () => {
    const { api, transferBalance } = fakeApi(['100', '100'], () => Promise.reject(reset()));
    const failure = await failureOf(new BalanceMoves().move(api, 'p1', MOVE, { sleep: now }));
    expect(failure.code).toBe('TRANSFER_NOT_MOVED');
    expect(failure.message).toContain('nothing moved');
    expect(transferBalance).toHaveBeenCalledTimes(1);
  });

  it('a lost answer with another change, or a failed lookup, is unknown with what to check', async () => {
    const other = fakeApi(['100', '90'], () => Promise.reject(reset()));
    const changed = await new BalanceMoves().move(other.api, 'p1', MOVE, { sleep: now });
    expect(changed).toMatchObject({ outcome: 'unknown', ticker: 'USDT' });
    expect(changed.outcome === 'unknown' && changed.check).toContain('changed by -10 USDT');

    const lookups = fakeApi(['100'], () => Promise.reject(reset()));
    lookups.mainBalance
      .mockResolvedValueOnce({ USDT: '100' })
      .mockRejectedValueOnce(new Error('offline'));
    const failed = await new BalanceMoves().move(lookups.api, 'p1', MOVE, { sleep: now });
    expect(failed.outcome === 'unknown' && failed.check).toContain('reading the balance failed');
    expect(lookups.transferBalance).toHaveBeenCalledTimes(1);
  });

  it('does not send when the balance cannot be read first (nothing to reconcile against)', async () => {
    const { api, mainBalance, transferBalance } = fakeApi(['100'], () => Promise.resolve(true));
    mainBalance.mockRejectedValueOnce(new Error('offline'));
    await expect(new BalanceMoves().move(api, 'p1', MOVE, { sleep: now })).rejects.toThrow(
      'offline',
    );
    expect(transferBalance).not.toHaveBeenCalled();
  });

  it('words each refusal under its field', async () => {
    const refusals = [
      {
        body: {
          code: 3,
          message: 'Inner validation failed',
          errors: {
            amount: ["You don't have such amount for transfer (available 10, in amount: 25)"],
          },
        },
        field: 'amount',
        words: 'More than the main balance holds: 10 USDT available.',
      },
      {
        body: {
          code: 0,
          message: 'Validation failed',
          errors: { amount: ['The amount must be at least 0.00000001.'] },
        },
        field: 'amount',
        words: 'Below the smallest transfer: at least 0.00000001 USDT.',
      },
      {
        body: {
          code: 0,
          message: 'Validation failed',
          errors: { ticker: ['The selected ticker is invalid.'] },
        },
        field: 'ticker',
        words: 'The exchange does not know USDT.',
      },
    ];
    for (const { body, field, words } of refusals) {
      const error = parseErrorResponse(body.code === 3 ? 422 : 400, JSON.stringify(body), ENDPOINT);
      const { api, transferBalance } = fakeApi(['100'], () => Promise.reject(error));
      const failure = await failureOf(new BalanceMoves().move(api, 'p1', MOVE, { sleep: now }));
      expect(failure.code).toBe('EXCHANGE_VALIDATION');
      expect(failure.fields).toEqual({ [field]: [words] });
      expect(failure.message).toBe(words);
      expect(transferBalance).toHaveBeenCalledTimes(1);
    }
  });
});
