import { afterEach } from 'vitest';
import { bindChannels, callChannel } from '../../src/main/core/binder';
import { startCore, type Core, type CoreOptions } from '../../src/main/core/core';
import { KeytarStore } from '../../src/main/vault/vault';

/**
 * Main's handlers on the Demo profile without a window or a keychain, for tests of the channels
 * end to end in main. Cores started here stop after each test.
 */
const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.stop();
});

/** The core and a caller of its channels (answers unwrapped, failures thrown as the error shape). */
export async function startMainCore(options: Partial<CoreOptions> = {}) {
  const vault = new KeytarStore('unused', () => {
    throw new Error('no keychain in this test');
  });
  const core = await startCore({ version: 'test', vault, ...options });
  cores.push(core);
  const bound = bindChannels(core.handlers);
  const call = async <T>(channel: string, input?: unknown): Promise<T> => {
    const answer = await callChannel(bound, channel, input);
    if (!answer.ok) throw answer.error;
    return answer.value as T;
  };
  return { core, call };
}

/** Just the caller of the channels. */
export async function startMain(options: Partial<CoreOptions> = {}) {
  return (await startMainCore(options)).call;
}
