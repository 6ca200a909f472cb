import { z } from 'zod';
import { channel, noInput } from './common';
import type { DepositAddress, ReceiveAssets } from '../model';

const addressInput = z.object({
  ticker: z.string().trim().min(1).max(20),
  /** Absent: the asset's default network. */
  network: z.string().trim().min(1).max(50).optional(),
});

/** Receive: deposit addresses per asset and network (the app never withdraws). */
export const receive = {
  /** The assets that take crypto deposits, with their networks. */
  assets: channel<ReceiveAssets>()(noInput),
  /** The current deposit address of an asset on a network. */
  address: channel<DepositAddress>()(addressInput),
  /** A new deposit address, where the exchange allows it for the account. */
  newAddress: channel<DepositAddress>()(addressInput),
} as const;
