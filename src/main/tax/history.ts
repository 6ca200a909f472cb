import type { MiningReward } from '../../shared/model';
import type {
  StoredConvert,
  StoredDeal,
  StoredFlexPayment,
  StoredSubAccountTransfer,
  StoredTransfer,
} from '../portfolioHistory/records';

/**
 * What the tax report and the tax exports read (issue 36): one profile's records from the history
 * database, each list oldest first. The report turns them into lots (events.ts, lots.ts); the
 * exports write them as the files tax tools import (exports.ts). Mining rewards paid to the
 * account are income; those paid to an external address never reached a balance.
 */
export interface TaxHistory {
  deals: readonly StoredDeal[];
  transfers: readonly StoredTransfer[];
  flexPayments: readonly StoredFlexPayment[];
  miningRewards: readonly MiningReward[];
  subAccountTransfers: readonly StoredSubAccountTransfer[];
  converts: readonly StoredConvert[];
}
