import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { contract, type ChannelParsed } from '../../../shared/contract';
import type { TradeContext } from '../../../shared/model';
import { useForm } from '../../lib/useForm';
import { useExchangeStatus } from '../status';
import { validate, type FormField, type OrderFormValues } from './checks';
import {
  EMPTY_ORDER,
  forRegion,
  ORDER_FIELD_ALIASES,
  ORDER_FIELDS,
  estimateOf,
  outcomeOf,
  toPlaceInput,
  type Outcome,
  type Review,
} from './placement';
import { useTradeStore } from './tradeStore';
import { activeProfile, useProfilesStore } from '../accounts';

/** The inputs of the fields, for focusing the first one with a message (side has none). */
export const FIELD_IDS: Partial<Record<FormField, string>> = {
  market: 'trade-market',
  amount: 'trade-amount',
  activationPrice: 'trade-activation',
  price: 'trade-price',
  clientOrderId: 'trade-cid',
  stp: 'trade-stp',
  postOnly: 'trade-post-only',
};

const REFUSED =
  'The exchange refused the order: see the message under the field. Nothing was placed.';

/** A book older than this is not reviewed: the prices it shows may be long gone. */
const STALE_BOOK_MS = 30_000;

/**
 * How old (whole seconds) the trade context is once it is older than STALE_BOOK_MS, else undefined.
 * Renders again when it becomes stale, then every second (the age shown keeps counting).
 */
function useStaleSeconds(fetchedAt: number): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  const age = now - fetchedAt;
  const stale = age > STALE_BOOK_MS;
  useEffect(() => {
    const delay = stale ? 1_000 : fetchedAt + STALE_BOOK_MS - Date.now() + 1;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.max(0, delay));
    return () => window.clearTimeout(timer);
  }, [now, fetchedAt, stale]);
  return stale ? Math.floor(age / 1000) : undefined;
}

interface Pending {
  review: Review;
  /** The checked input, sent as it was reviewed. */
  input: ChannelParsed<'orders.place'>;
}

/**
 * The order form's states: editing (checks on "Review order"), reviewing (the order and its
 * estimate frozen in a dialog), sending (once, whatever is clicked or pressed meanwhile), then the
 * outcome, or the refusal under its fields with focus on the first of them.
 */
export function useOrderForm({
  context,
  onPlaced,
  onMarketError,
}: {
  context: TradeContext;
  /** Reloads book and balances (after an order). */
  onPlaced(): void;
  /** A message for the market picker (a paused market, the exchange's code 31). */
  onMarketError(message: string | undefined): void;
}) {
  const [pending, setPending] = useState<Pending | undefined>(undefined);
  const [outcome, setOutcome] = useState<Outcome | undefined>(undefined);

  // No review of an order the exchange cannot take, or of prices it no longer shows.
  const status = useExchangeStatus();
  const staleSeconds = useStaleSeconds(context.fetchedAt);
  const blocker =
    status?.state === 'offline'
      ? `The exchange is offline (${status.reason}).`
      : staleSeconds !== undefined
        ? `The book is ${staleSeconds} s old: refresh first.`
        : undefined;

  // The kinds and options the active profile's region allows (placement.ts: forRegion).
  const region = useProfilesStore((s) => activeProfile(s.state)?.region);

  const form = useForm({
    initial: EMPTY_ORDER,
    fields: ORDER_FIELDS,
    schema: contract.orders.place.input,
    input: (values: OrderFormValues) =>
      toPlaceInput(forRegion(values, region), context.market.name),
    // The market's rules, the book and the balances; their wording wins over the contract's.
    check: (values, found) => ({ ...found, ...validate(forRegion(values, region), context) }),
    review(input, values) {
      const allowed = forRegion(values, region);
      const estimate = estimateOf(allowed, context);
      if (estimate) setPending({ review: { form: allowed, estimate, context }, input });
    },
    async submit(input) {
      const review = pending?.review;
      const result = await useTradeStore.getState().place(input);
      setPending(undefined);
      if (review) setOutcome(outcomeOf(result, review));
      // Balances changed (or may have): reload them. The store reloads the order lists.
      onPlaced();
      return result.outcome === 'placed' ? { amount: '', clientOrderId: '' } : undefined;
    },
    failed: () => setPending(undefined),
    server: { aliases: ORDER_FIELD_ALIASES, refused: REFUSED },
    focus: FIELD_IDS,
    decimals: ['amount', 'price', 'activationPrice'],
    // Enter while the review is open, the order is in flight or review is blocked does nothing.
    blocked: pending !== undefined || blocker !== undefined,
  });

  const marketError = form.errors['market'];
  useEffect(() => onMarketError(marketError), [marketError, onMarketError]);

  const { kind, side, amount, price, activationPrice } = form.values;
  const estimate = useMemo(
    () => estimateOf({ ...EMPTY_ORDER, kind, side, amount, price, activationPrice }, context),
    [kind, side, amount, price, activationPrice, context],
  );

  return {
    form: {
      ...form,
      /** The active profile's region (EU accounts are offered fewer kinds: placement.ts). */
      region,
      /**
       * Why "Review order" is not offered now (the exchange is offline, the book is too old), shown
       * beside it; undefined when it is.
       */
      reviewBlocked: pending === undefined ? blocker : undefined,
    },
    estimate,
    review: pending?.review,
    outcome,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      if (pending === undefined) setOutcome(undefined);
      form.onSubmit(event);
    },
    confirm: () => (pending ? form.send(pending.input) : Promise.resolve()),
    cancelReview: () => setPending(undefined),
  };
}

export type OrderFormState = ReturnType<typeof useOrderForm>['form'];
