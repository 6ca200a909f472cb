import { z } from 'zod';
import type { SubAccount, SubAccountPage } from '../../../shared/model';
import {
  asText,
  compact,
  emptyArrayAsObject,
  listOf,
  optBool,
  optInt,
  optObject,
  optText,
  parserOf,
  record,
  text,
  withDefault,
} from './primitives';

/** Sub-accounts: the list, and the empty answer of block and unblock. */

const subAccountSchema = record({
  id: text,
  alias: withDefault('a string', asText, ''),
  email: withDefault('a string', asText, ''),
  status: text,
  userId: optText,
  color: optText,
  permissions: optObject(record({ spotEnabled: optBool, collateralEnabled: optBool })),
  kyc: optObject(record({ shareKyc: optBool, kycStatus: optText })),
}).transform((s): SubAccount =>
  compact<SubAccount>({
    id: s.id,
    alias: s.alias,
    email: s.email,
    status: s.status,
    userId: s.userId,
    color: s.color,
    permissions: s.permissions && compact({ ...s.permissions }),
    kyc: s.kyc && compact({ ...s.kyc }),
  }),
);

const subAccountPageSchema = record({
  offset: optInt,
  limit: optInt,
  data: listOf(subAccountSchema),
}).transform((p): SubAccountPage => ({
  limit: p.limit ?? p.data.length,
  offset: p.offset ?? 0,
  records: p.data,
}));

/** `{}` (or PHP's `[]`): the operation succeeded and says nothing more. */
const emptyObjectSchema = z.preprocess(
  emptyArrayAsObject,
  z.record(z.string(), z.unknown()).transform((): true => true),
);

export const parseSubAccounts = parserOf<SubAccountPage>(
  subAccountPageSchema,
  '/api/v4/sub-account/list',
);
/** `{}`: sub-account block / unblock. */
export const parseEmptyObject = parserOf<true>(emptyObjectSchema, '/api/v4/sub-account/block');
/** `[]` (or `{}`): main-account/transfer moved the amount. */
export const parseTransferDone = parserOf<true>(emptyObjectSchema, '/api/v4/main-account/transfer');
