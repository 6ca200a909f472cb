import type { HashratePoint, HashrateSeries } from '../../../shared/model';
import {
  asRate,
  asText,
  compact,
  decimal,
  listOf,
  optional,
  parserOf,
  record,
  time,
  withDefault,
} from './primitives';

/** Mining: one account's hashrate series. */

const hashratePointSchema = record({
  timestamp: time,
  hashrate: decimal,
  rejectRate: optional('a non-negative number', asRate),
}).transform((p): HashratePoint =>
  compact<HashratePoint>({
    timestamp: p.timestamp,
    hashrate: p.hashrate,
    rejectRate: p.rejectRate,
  }),
);

/** A disabled account answers 200 with an empty series (§5): `hashrate` empty or absent. */
const hashrateSchema = record({
  data: record({
    account: withDefault('a string', asText, ''),
    hashrate: listOf(hashratePointSchema),
  }),
}).transform((r): HashrateSeries => ({ account: r.data.account, points: r.data.hashrate }));

export const parseHashrate = parserOf<HashrateSeries>(hashrateSchema, '/api/v4/mining/hashrate');
