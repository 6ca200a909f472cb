import { describe, expect, it } from 'vitest';
import { TransferGuard } from '../../../src/main/services/transferGuard';
import { DeskFailure } from '../../../src/shared/errors';

describe('one money move at a time per profile', () => {
  it('refuses a second move of the profile while one is in flight, whichever kind, and frees it after', async () => {
    const guard = new TransferGuard();
    let finish!: (value: string) => void;
    const first = guard.run('p1', () => new Promise<string>((done) => (finish = done)));
    expect(guard.busy('p1')).toBe(true);
    let sent = false;
    const second = guard.run('p1', async () => {
      sent = true;
      return 'second';
    });
    await expect(second).rejects.toSatisfy(
      (e: unknown) => e instanceof DeskFailure && e.code === 'TRANSFER_IN_FLIGHT',
    );
    expect(sent).toBe(false);
    // Another profile is not held up.
    await expect(guard.run('p2', async () => 'other')).resolves.toBe('other');
    finish('first');
    await expect(first).resolves.toBe('first');
    expect(guard.busy('p1')).toBe(false);
    await expect(guard.run('p1', async () => 'again')).resolves.toBe('again');
  });

  it('frees the profile when a move fails', async () => {
    const guard = new TransferGuard();
    await expect(guard.run('p1', () => Promise.reject(new Error('lost')))).rejects.toThrow('lost');
    expect(guard.busy('p1')).toBe(false);
  });
});
