import type { ConvertHistoryPage, ConvertQuote } from '../../../shared/model';
import { decimal, listOf, optInt, parserOf, record, text, time } from './primitives';

/** Convert: a quote (convert/estimate), its confirmation (convert/confirm), the history. */

const quoteSchema = record({
  id: text,
  from: text,
  to: text,
  give: decimal,
  receive: decimal,
  rate: decimal,
  expireAt: time,
}).transform((q): ConvertQuote => ({
  id: q.id,
  from: q.from,
  to: q.to,
  give: q.give,
  receive: q.receive,
  rate: q.rate,
  expireAt: q.expireAt,
}));

const doneSchema = record({ finalGive: decimal, finalReceive: decimal }).transform((d) => ({
  give: d.finalGive,
  receive: d.finalReceive,
}));

const step = record({ from: text, to: text });

const historySchema = record({
  records: listOf(
    record({
      id: text,
      date: time,
      give: decimal,
      receive: decimal,
      rate: decimal,
      path: listOf(step),
    }),
  ),
  total: optInt,
  limit: optInt,
  offset: optInt,
}).transform((p): ConvertHistoryPage => ({
  records: p.records.map((r) => ({
    id: r.id,
    date: r.date,
    from: r.path[0]?.from ?? '',
    to: r.path[r.path.length - 1]?.to ?? '',
    give: r.give,
    receive: r.receive,
    rate: r.rate,
  })),
  total: p.total ?? p.records.length,
  limit: p.limit ?? p.records.length,
  offset: p.offset ?? 0,
}));

export const parseConvertQuote = parserOf<ConvertQuote>(quoteSchema, '/api/v4/convert/estimate');
export const parseConvertDone = parserOf<{ give: string; receive: string }>(
  doneSchema,
  '/api/v4/convert/confirm',
);
export const parseConvertHistory = parserOf<ConvertHistoryPage>(
  historySchema,
  '/api/v4/convert/history',
);
