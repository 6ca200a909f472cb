import type { ChannelInput } from '../../../shared/contract';
import { asDeskError } from '../../../shared/errors';
import type { ConvertDone, ConvertQuote } from '../../../shared/model';
import { getDesk } from '../../lib/desk';
import { createRemote, mutate } from '../../lib/remote';

/** The last converts, newest first (the Convert dialog's history). */
export const useConvertHistory = createRemote({
  channel: 'convert.history',
  fetch: () => getDesk().convert.history({ limit: 20 }),
});

/** A quote for the inputs (it changes nothing: no reload); rejects with a DeskError. */
export async function estimateConvert(
  input: ChannelInput<'convert.estimate'>,
): Promise<ConvertQuote> {
  try {
    return await getDesk().convert.estimate(input);
  } catch (error) {
    throw asDeskError(error);
  }
}

/**
 * Confirms a quote (main sends it once, and refuses it past its expiry with
 * CONVERT_QUOTE_EXPIRED); the holdings, the balances and the history reload after it
 * (lib/remote.ts INVALIDATES).
 */
export function confirmConvert(quoteId: string): Promise<ConvertDone> {
  return mutate('convert.confirm', () => getDesk().convert.confirm({ quoteId }));
}
