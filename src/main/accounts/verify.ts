import { DeskFailure } from '../../shared/errors';
import { ExchangeApi } from '../exchange/api';
import { ExchangeClient } from '../exchange/client';
import { ExchangeError } from '../exchange/errors';
import type { Credentials } from '../exchange/signer';
import { Transport, type TransportOptions } from '../exchange/transport';

/**
 * Checks a key with a harmless signed call (main balance) and explains each failure in words a user
 * acts on, under the form field it concerns, quoting the exchange. Returns the capabilities the key
 * lacks (probed with harmless reads).
 */
export async function verifyKey(
  baseUrl: string,
  credentials: Credentials,
  custom: boolean,
  transport?: TransportOptions,
): Promise<string[]> {
  const client = new ExchangeClient({
    baseUrl,
    credentials: async () => credentials,
    maxRateLimitRetries: 1,
    ...(transport ? { transport: new Transport(transport) } : {}),
  });
  const api = new ExchangeApi(client);
  try {
    await api.mainBalance();
  } catch (error) {
    throw explainVerifyFailure(error, custom);
  }
  const missing: string[] = [];
  const probes: [string, () => Promise<unknown>][] = [
    ['Trading', () => api.tradeBalance()],
    ['Earn (flex)', () => api.flexPlans()],
    ['Sub-accounts', () => api.subAccounts({ limit: 1 })],
  ];
  for (const [name, probe] of probes) {
    try {
      await probe();
    } catch (error) {
      if (error instanceof ExchangeError && (error.kind === 'permission' || error.status === 403))
        missing.push(name);
    }
  }
  client.close();
  return missing;
}

/** A failed check as the words a user acts on, under the form field it concerns. */
function explainVerifyFailure(error: unknown, custom: boolean): DeskFailure {
  if (!(error instanceof ExchangeError)) {
    return new DeskFailure(
      'VERIFY_FAILED',
      `The key could not be checked: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const said = `The exchange said: “${error.message}”`;
  const fail = (field: string, text: string) =>
    new DeskFailure('VERIFY_FAILED', text, { [field]: [text] });
  switch (error.kind) {
    case 'auth':
      if (error.code === 2) {
        return fail(
          'apiKey',
          `This key is disabled, or this computer’s IP address is not allowed to use it. Enable the key and allow this IP in the exchange’s API settings. ${said}`,
        );
      }
      if (error.code === 9) {
        return new DeskFailure(
          'VERIFY_FAILED',
          `The exchange could not read the signed request. ${said}`,
        );
      }
      return fail(
        'apiSecret',
        `The exchange rejected the signature: the API secret does not match this key (or the key does not exist). Check both and paste them again. ${said}`,
      );
    case 'nonce':
      if (/clock/i.test(error.message)) return fail('apiKey', error.message);
      return fail(
        'apiKey',
        `The exchange refused the request number (nonce): another program is probably using this key at the same time. Give each program its own key. ${said}`,
      );
    case 'permission':
      return fail(
        'apiKey',
        `This key may not read balances. Allow reading in the key’s permissions. ${said}`,
      );
    case 'network':
    case 'timeout': {
      // The message says what happened; the advice is added only where it has none of its own.
      const advised = /check|try again/i.test(error.message);
      const advice = custom
        ? 'Check the address and try again.'
        : 'Check the network and try again.';
      const text = advised ? error.message : `${error.message} ${advice}`;
      return custom ? fail('customUrl', text) : new DeskFailure('VERIFY_FAILED', text);
    }
    case 'maintenance':
      return new DeskFailure(
        'VERIFY_FAILED',
        `The exchange is under maintenance; try again later. ${said}`,
      );
    default:
      return new DeskFailure('VERIFY_FAILED', `The key could not be checked. ${said}`);
  }
}
