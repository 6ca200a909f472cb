import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { contract, type ChannelParsed } from '../../../shared/contract';
import type { TradeContext } from '../../../shared/model';
import { useForm } from '../../lib/useForm';
import { validate, type FormField, type OrderFormValues } from './checks';
import {
  EMPTY_ORDER,
  ORDER_FIELD_ALIASES,
  ORDER_FIELDS,
  estimateOf,
  outcomeOf,
  toPlaceInput,
  type Outcome,
  type Review,
} from './placement';
import { useTradeStore } from './tradeStore';

/** The inputs of the fields, for focusing the first one with a message (side has none). */
const FIELD_IDS: Partial<Record<FormField, string>> = {
  market: 'trade-market',
  amount: 'trade-amount',
  price: 'trade-price',
  clientOrderId: 'trade-cid',
  stp: 'trade-stp',
  postOnly: 'trade-post-only',
};

const REFUSED =
  'The exchange refused the order: see the message under the field. Nothing was placed.';

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

  const form = useForm({
    initial: EMPTY_ORDER,
    fields: ORDER_FIELDS,
    schema: contract.orders.place.input,
    input: (values: OrderFormValues) => toPlaceInput(values, context.market.name),
    // The market's rules, the book and the balances; their wording wins over the contract's.
    check: (values, found) => ({ ...found, ...validate(values, context) }),
    review(input, values) {
      const estimate = estimateOf(values, context);
      if (estimate) setPending({ review: { form: values, estimate, context }, input });
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
    // Enter while the review is open or the order is in flight does nothing.
    blocked: pending !== undefined,
  });

  const marketError = form.errors['market'];
  useEffect(() => onMarketError(marketError), [marketError, onMarketError]);

  const { kind, side, amount, price } = form.values;
  const estimate = useMemo(
    () => estimateOf({ ...EMPTY_ORDER, kind, side, amount, price }, context),
    [kind, side, amount, price, context],
  );

  return {
    form,
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
