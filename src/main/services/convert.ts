import { sendOnce, type ReconcileOptions } from './transferGuard';
import type { ChannelParsed } from '../../shared/contract';
import type { ConvertDone, ConvertHistoryView, ConvertQuote } from '../../shared/model';
import { DeskFailure } from '../../shared/errors';
import type { ExchangeApi } from '../exchange/api';
import { deskCodeOf, ExchangeError } from '../exchange/errors';

/**
 * Convert: a quote (convert/estimate), its confirmation, once and before it expires
 * (convert/confirm), and the history (convert/history).
 *
 * - The quotes this app was given are kept (per profile, the last QUOTES_KEPT) with their expiry;
 *   a confirm names one of them. One past its `expireAt` on this computer's clock is refused here
 *   with CONVERT_QUOTE_EXPIRED, and so is the exchange's own "quote expired" (code 20: its clock
 *   is the judge): the page offers a new estimate.
 * - One-shot: a quote is marked used in the same synchronous step that checks it, before the
 *   request goes, so a second click or window cannot confirm it twice; a used quote is never sent
 *   again (the exchange would refuse it anyway).
 * - A lost answer is looked up in the history by the quote's id: there, it was converted (as the
 *   history says); not there, nothing was converted and the quote is spent: a new estimate is
 *   needed.
 */
export const QUOTES_KEPT = 20;

/** The exchange's code for a quote past its expiry (http-trade-v4.yaml, convertConfirm). */
const QUOTE_EXPIRED_CODE = 20;

/** After a lost answer the convert history is read (ReconcileOptions: how long to wait first). */
export interface ConvertOptions extends ReconcileOptions {
  /** This computer's clock (ms); tests move it. */
  now?: () => number;
}

function quoteExpired(cause?: ExchangeError): DeskFailure {
  return new DeskFailure(
    'CONVERT_QUOTE_EXPIRED',
    'The quote expired before it was confirmed: nothing was converted. Get a new estimate.',
    { quoteId: ['The quote expired. Get a new estimate.'] },
    cause ? { cause } : undefined,
  );
}

function quoteSpent(message: string, cause?: ExchangeError): DeskFailure {
  return new DeskFailure(
    cause ? deskCodeOf(cause.kind) : 'INVALID_INPUT',
    message,
    { quoteId: [message] },
    cause ? { cause } : undefined,
  );
}

export class Converts {
  /** Per profile: the quotes given to this app, oldest first, and whether each was confirmed. */
  private readonly quotes = new Map<string, Map<string, { quote: ConvertQuote; used: boolean }>>();
  private readonly now: () => number;
  /** How a lost answer is waited for (transferGuard.ts: sendOnce). */
  private readonly lostAnswer: ReconcileOptions;

  constructor(options: ConvertOptions = {}) {
    this.now = options.now ?? Date.now;
    this.lostAnswer = { reconcileDelayMs: options.reconcileDelayMs, sleep: options.sleep };
  }

  private book(profileId: string) {
    let book = this.quotes.get(profileId);
    if (!book) {
      book = new Map();
      this.quotes.set(profileId, book);
    }
    return book;
  }

  async estimate(
    api: ExchangeApi,
    profileId: string,
    input: ChannelParsed<'convert.estimate'>,
  ): Promise<ConvertQuote> {
    let quote: ConvertQuote;
    try {
      quote = await api.convertEstimate(input);
    } catch (error) {
      throw error instanceof ExchangeError ? estimateRefusal(error, input) : error;
    }
    const book = this.book(profileId);
    book.set(quote.id, { quote, used: false });
    for (const id of book.keys()) {
      if (book.size <= QUOTES_KEPT) break;
      book.delete(id);
    }
    return quote;
  }

  async confirm(
    api: ExchangeApi,
    profileId: string,
    { quoteId }: ChannelParsed<'convert.confirm'>,
  ): Promise<ConvertDone> {
    // Checked and marked in one synchronous step: no await before `used = true`.
    const entry = this.book(profileId).get(quoteId);
    if (!entry) throw quoteSpent('This quote is not known here any more. Get a new estimate.');
    if (entry.used) throw quoteSpent('This quote was already confirmed. Get a new estimate.');
    if (this.now() >= entry.quote.expireAt) throw quoteExpired();
    entry.used = true;
    const { quote } = entry;
    const done = (give: string, receive: string): ConvertDone => ({
      quoteId,
      from: quote.from,
      to: quote.to,
      give,
      receive,
    });
    return sendOnce(
      async () => {
        const answer = await api.convertConfirm(quoteId);
        return done(answer.give, answer.receive);
      },
      {
        what: 'converted',
        // Not sent: the quote may still be confirmed.
        notSent: () => {
          entry.used = false;
        },
        refusal: (error) =>
          error.code === QUOTE_EXPIRED_CODE ? quoteExpired(error) : confirmRefusal(error),
        reconcile: async (error) => {
          let page;
          try {
            page = await api.convertHistory({ quoteId, limit: 1 });
          } catch (lookup) {
            const why = lookup instanceof Error ? lookup.message : String(lookup);
            throw quoteSpent(
              `The answer to the convert was lost, and reading the convert history failed too (${why}). ` +
                'Check your balances and the convert history before converting again.',
              error,
            );
          }
          const record = page.records.find((r) => r.id === quoteId);
          if (record) return done(record.give, record.receive);
          throw quoteSpent(
            `The answer to the convert was lost (${error.message}), and the convert history does not ` +
              'show it: nothing was converted. Get a new estimate.',
            error,
          );
        },
      },
      this.lostAnswer,
    );
  }
}

/** Converts, newest first (the exchange's default window: the last 30 days). */
export async function history(
  api: ExchangeApi,
  { fromTicker, toTicker, offset = 0, limit = 100 }: ChannelParsed<'convert.history'>,
): Promise<ConvertHistoryView> {
  const page = await api.convertHistory({ fromTicker, toTicker, offset, limit });
  return { ...page, fetchedAt: Date.now() };
}

/** The estimate's refusal in words, under the field it concerns. */
function estimateRefusal(
  error: ExchangeError,
  input: ChannelParsed<'convert.estimate'>,
): DeskFailure {
  const given = input.direction === 'from' ? input.from : input.to;
  const words: Record<string, string> = {
    'validation.balance': `More than the main balance holds of ${input.from}.`,
    'validation.amount_too_small': `Too small to convert: it comes to nothing in ${input.to}.`,
    'frontendServerSide.converter.amountIsTooBig': `Above the largest convert of ${given} the exchange takes.`,
    'Conversion markets not available': `The exchange does not convert ${input.from} to ${input.to}.`,
  };
  return inWords(error, words, 'The exchange refused the estimate');
}

function confirmRefusal(error: ExchangeError): DeskFailure {
  const words: Record<string, string> = {
    'validation.balance':
      'The main balance no longer holds what the quote gives. Get a new estimate.',
    'frontendServerSide.converter.quoteInvalid':
      'The exchange no longer knows this quote. Get a new estimate.',
  };
  return inWords(error, words, 'The exchange refused the convert');
}

function inWords(error: ExchangeError, words: Record<string, string>, lead: string): DeskFailure {
  const fields: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(error.fields)) {
    const name = field === 'from' || field === 'to' || field === 'quoteId' ? field : 'amount';
    for (const text of messages) (fields[name] ??= []).push(words[text] ?? text);
  }
  const first = Object.values(fields)[0]?.[0];
  return new DeskFailure(
    deskCodeOf(error.kind),
    first ?? `${lead}: ${error.message}`,
    Object.keys(fields).length ? fields : undefined,
    { cause: error },
  );
}
