import type { VaultLike } from '../../src/main/accounts/accounts';

/** A keychain in memory, always available: for tests that store profiles without the OS's. */
export class MemoryVault implements VaultLike {
  readonly entries = new Map<string, string>();
  async get(account: string) {
    return this.entries.get(account);
  }
  async set(account: string, secret: string) {
    this.entries.set(account, secret);
  }
  async delete(account: string) {
    this.entries.delete(account);
  }
  async status() {
    return { available: true };
  }
}
