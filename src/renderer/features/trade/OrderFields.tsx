import { useState } from 'react';
import type { Market, TradeContext } from '../../../shared/model';
import { FieldError, SelectField, TextField } from '../../components/Field';
import { AmountShortcuts } from './AmountShortcuts';
import { MoveOffer } from './MoveOffer';
import { amountUnit, plain, stepOf, type OrderFormValues } from './checks';
import { forRegion, kindOptions, STP_OPTIONS, stopAtOnce, stopWords } from './placement';
import { amountInMoney, isStop } from './stop';
import type { OrderFormState } from './useOrderForm';

/**
 * The order's fields: type, side, amount with its unit and shortcuts, limit price and options, STP,
 * client id.
 */
export function OrderFields({ form, context }: { form: OrderFormState; context: TradeContext }) {
  const { errors, update } = form;
  // What the active profile's region sends (EU: no stop-limit, limit orders immediate-or-cancel).
  const values = forRegion(form.values, form.region);
  const { market } = context;
  const unit = amountUnit(values.kind, market, values.side);
  const byMoney = amountInMoney(values.kind, values.side);
  // A shortcut's message about the values it was clicked on; any edit takes it away.
  const [refused, setRefused] = useState<{ message: string; values: OrderFormValues }>();
  const shortcutMessage = refused?.values === form.values ? refused.message : undefined;
  return (
    <>
      <fieldset className="trade-segment">
        <legend>Order type</legend>
        {kindOptions(form.region).map((k) => (
          <label key={k.id} className={values.kind === k.id ? 'seg active' : 'seg'}>
            <input
              type="radio"
              name="trade-kind"
              value={k.id}
              checked={values.kind === k.id}
              onChange={() =>
                update(
                  { kind: k.id, ...(k.id === 'market' ? { side: 'buy' as const } : {}) },
                  'amount',
                )
              }
            />
            {k.label(market)}
          </label>
        ))}
      </fieldset>

      <fieldset
        className="trade-segment trade-sides"
        aria-describedby={errors['side'] ? 'trade-side-error' : undefined}
      >
        <legend>Side</legend>
        {(['buy', 'sell'] as const).map((side) => (
          <label
            key={side}
            className={`seg seg-${side} ${values.side === side ? 'active' : ''}`}
            title={
              side === 'sell' && values.kind === 'market'
                ? `A spend order is a buy; to sell, use Market (amount in ${market.stock}).`
                : undefined
            }
          >
            <input
              type="radio"
              name="trade-side"
              value={side}
              checked={values.side === side}
              disabled={side === 'sell' && values.kind === 'market'}
              onChange={() => form.set('side', side)}
            />
            {side === 'buy' ? `Buy ${market.stock}` : `Sell ${market.stock}`}
          </label>
        ))}
        <FieldError id="trade-side-error" message={errors['side']} />
      </fieldset>

      <div className="trade-amount">
        <div className="trade-unit" data-unit={unit}>
          <TextField
            id="trade-amount"
            label={byMoney ? `Amount to spend (${unit})` : `Amount (${unit})`}
            {...form.bind('amount')}
            error={shortcutMessage ?? errors['amount']}
            inputMode="decimal"
            autoComplete="off"
            hint={
              values.kind === 'market'
                ? `In ${market.money}, all of it spent (the fee is taken in ${market.stock}) · minimum total ${plain(market.minTotal)} ${market.money}`
                : byMoney
                  ? `In ${market.money} · minimum total ${plain(market.minTotal)} ${market.money} · step ${plain(stepOf(market.moneyPrec))}`
                  : `In ${market.stock} · min ${plain(market.minAmount)} ${market.stock} · step ${plain(stepOf(market.stockPrec))}`
            }
          />
          <MoveOffer form={form} context={context} />
        </div>
        {/* Every kind, a stop order sized as the order it becomes (shortcuts.ts). */}
        <AmountShortcuts
          form={form}
          context={context}
          amountId="trade-amount"
          onRefused={(message) => setRefused({ message, values: form.values })}
        />
      </div>

      {isStop(values.kind) ? <StopFields form={form} context={context} /> : null}
      {values.kind === 'limit' ? (
        <LimitFields form={form} market={market} iocOnly={form.region === 'eu'} />
      ) : null}

      <div className="trade-row">
        <SelectField
          id="trade-stp"
          label="Self-trade prevention"
          value={values.stp}
          options={STP_OPTIONS}
          onChange={(stp) => form.set('stp', stp)}
          error={errors['stp']}
        />
        <TextField
          id="trade-cid"
          label="Client order id (optional)"
          {...form.bind('clientOrderId')}
          autoComplete="off"
          spellCheck={false}
          hint="Letters, digits, -, . and _"
        />
      </div>

      {form.reviewBlocked ? (
        <p className="small muted" role="status" data-testid="trade-review-blocked">
          {form.reviewBlocked}
        </p>
      ) : null}
    </>
  );
}

/** A price in money per stock: the limit price (limit, stop-limit) or a stop's activation price. */
function PriceField({
  form,
  market,
  field,
}: {
  form: OrderFormState;
  market: Market;
  field: 'price' | 'activationPrice';
}) {
  const limit = field === 'price';
  return (
    <div className="trade-unit" data-unit={market.money}>
      <TextField
        id={limit ? 'trade-price' : 'trade-activation'}
        label={`${limit ? 'Limit' : 'Activation'} price (${market.money} per ${market.stock})`}
        {...form.bind(field)}
        inputMode="decimal"
        autoComplete="off"
        hint={`Up to ${market.moneyPrec} decimals`}
      />
    </div>
  );
}

/**
 * A stop order's activation price with the condition it implies in words (and a warning when it
 * already holds: the order would trigger at once), and a stop-limit's limit price.
 */
function StopFields({ form, context }: { form: OrderFormState; context: TradeContext }) {
  const { values } = form;
  const { market } = context;
  const atOnce = stopAtOnce(values, context);
  return (
    <>
      <PriceField form={form} market={market} field="activationPrice" />
      <p className="small" role="status" data-testid="trade-stop-condition">
        {stopWords(values, market)}
      </p>
      {atOnce ? (
        <p className="small trade-warn" role="alert" data-testid="trade-stop-at-once">
          {atOnce}
        </p>
      ) : null}
      {values.kind === 'stop_limit' ? (
        <PriceField form={form} market={market} field="price" />
      ) : null}
    </>
  );
}

/**
 * A limit order's price and execution options (post-only, immediate or cancel). On EU accounts a
 * limit order is immediate-or-cancel only: the box is ticked and fixed, post-only is not offered.
 */
function LimitFields({
  form,
  market,
  iocOnly,
}: {
  form: OrderFormState;
  market: Market;
  iocOnly: boolean;
}) {
  const { values, errors, update } = form;
  const postOnlyError = errors['postOnly'];
  return (
    <>
      <PriceField form={form} market={market} field="price" />
      <fieldset
        className="trade-options-row"
        aria-describedby={postOnlyError ? 'trade-post-only-error' : undefined}
      >
        <legend>Execution</legend>
        {iocOnly ? null : (
          <label className="check">
            <input
              id="trade-post-only"
              type="checkbox"
              checked={values.postOnly}
              aria-invalid={postOnlyError ? true : undefined}
              aria-describedby={postOnlyError ? 'trade-post-only-error' : undefined}
              onChange={(e) => form.set('postOnly', e.target.checked)}
            />
            Post-only (never fills at once)
          </label>
        )}
        <label className="check">
          <input
            type="checkbox"
            checked={iocOnly || values.ioc}
            disabled={iocOnly}
            onChange={(e) => update({ ioc: e.target.checked }, 'postOnly')}
          />
          Immediate or cancel
          {iocOnly ? ' (EU accounts: limit orders are immediate-or-cancel)' : ''}
        </label>
        <FieldError id="trade-post-only-error" message={postOnlyError} />
      </fieldset>
    </>
  );
}
