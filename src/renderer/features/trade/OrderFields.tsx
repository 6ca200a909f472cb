import { useState } from 'react';
import type { Market, TradeContext } from '../../../shared/model';
import { FieldError, SelectField, TextField } from '../../components/Field';
import { AmountShortcuts } from './AmountShortcuts';
import { amountUnit, plain, stepOf, type OrderFormValues } from './checks';
import { KIND_OPTIONS, STP_OPTIONS } from './placement';
import type { OrderFormState } from './useOrderForm';

/**
 * The order's fields: type, side, amount with its unit and shortcuts, limit price and options, STP,
 * client id.
 */
export function OrderFields({ form, context }: { form: OrderFormState; context: TradeContext }) {
  const { values, errors, update } = form;
  const { market } = context;
  const unit = amountUnit(values.kind, market);
  // A shortcut's message about the values it was clicked on; any edit takes it away.
  const [refused, setRefused] = useState<{ message: string; values: OrderFormValues }>();
  const shortcutMessage = refused?.values === values ? refused.message : undefined;
  return (
    <>
      <fieldset className="trade-segment">
        <legend>Order type</legend>
        {KIND_OPTIONS.map((k) => (
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
            label={values.kind === 'market' ? `Amount to spend (${unit})` : `Amount (${unit})`}
            {...form.bind('amount')}
            error={shortcutMessage ?? errors['amount']}
            inputMode="decimal"
            autoComplete="off"
            hint={
              values.kind === 'market'
                ? `In ${market.money}, fee included · minimum total ${plain(market.minTotal)} ${market.money}`
                : `In ${market.stock} · min ${plain(market.minAmount)} ${market.stock} · step ${plain(stepOf(market.stockPrec))}`
            }
          />
        </div>
        <AmountShortcuts
          form={form}
          context={context}
          amountId="trade-amount"
          onRefused={(message) => setRefused({ message, values })}
        />
      </div>

      {values.kind === 'limit' ? <LimitFields form={form} market={market} /> : null}

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

/** A limit order's price and execution options (post-only, immediate or cancel). */
function LimitFields({ form, market }: { form: OrderFormState; market: Market }) {
  const { values, errors, update } = form;
  const postOnlyError = errors['postOnly'];
  return (
    <>
      <div className="trade-unit" data-unit={market.money}>
        <TextField
          id="trade-price"
          label={`Limit price (${market.money} per ${market.stock})`}
          {...form.bind('price')}
          inputMode="decimal"
          autoComplete="off"
          hint={`Up to ${market.moneyPrec} decimals`}
        />
      </div>
      <fieldset
        className="trade-options-row"
        aria-describedby={postOnlyError ? 'trade-post-only-error' : undefined}
      >
        <legend>Execution</legend>
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
        <label className="check">
          <input
            type="checkbox"
            checked={values.ioc}
            onChange={(e) => update({ ioc: e.target.checked }, 'postOnly')}
          />
          Immediate or cancel
        </label>
        <FieldError id="trade-post-only-error" message={postOnlyError} />
      </fieldset>
    </>
  );
}
