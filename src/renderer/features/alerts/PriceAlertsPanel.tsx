import { useEffect, useRef, useState } from 'react';
import { contract, tickError } from '../../../shared/contract';
import type { Market, PriceAlert, PriceAlertSpec } from '../../../shared/model';
import { SelectField, TextField } from '../../components/Field';
import { formatDecimal } from '../../lib/decimal';
import { useForm } from '../../lib/useForm';
import { useAlertEditRequest, usePriceAlerts } from './alertsStore';

type Values = PriceAlertSpec;

/** The market is the Trade screen's: a refusal of it is shown at form level. */
const FIELDS = ['direction', 'price', 'repeat', 'note'] as const;

const DIRECTIONS = [
  { value: 'above', label: 'Above' },
  { value: 'below', label: 'Below' },
] as const;
const REPEATS = [
  { value: 'once', label: 'Once' },
  { value: 'every', label: 'Every time' },
] as const;

const blank = (market: string, price = ''): Values => ({
  market,
  direction: 'above',
  price,
  repeat: 'once',
  note: '',
});

export interface PriceAlertsPanelProps {
  /** The Trade screen's market: a new alert's market. */
  market: Market;
  /** Every market of the exchange (the form's choice; the tick of each). */
  markets: readonly Market[];
  /** A price handed in from the chart ("Add alert at this price"): fills the form's price. */
  picked?: { price: string } | undefined;
}

/**
 * Trade's price alerts (main evaluates them, with the window hidden too): a form (on the Trade
 * screen's market: above or below, price, once or every time, a note) and the profile's alerts, each armed or fired, to edit
 * or delete. Bad input is refused under its field, here and again in main.
 */
export function PriceAlertsPanel({ market, markets, picked }: PriceAlertsPanelProps) {
  const slot = usePriceAlerts();
  const [editing, setEditing] = useState<number | undefined>();
  const [saved, setSaved] = useState<string | undefined>();
  const tickOf = (name: string) => markets.find((m) => m.name === name);

  const form = useForm({
    initial: blank(market.name),
    fields: FIELDS,
    schema: contract.priceAlerts.add.input,
    check: (values, found) => {
      const chosen = tickOf(values.market);
      const fine = chosen && !found.price ? tickError(chosen, values.price) : undefined;
      return {
        ...found,
        ...(fine ? { price: fine } : {}),
      };
    },
    async submit(input) {
      const store = usePriceAlerts.getState();
      if (editing === undefined) await store.add(input);
      else await store.edit({ ...input, id: editing });
      setSaved(
        `${editing === undefined ? 'Added' : 'Saved'} the alert: ${input.market.replace('_', '/')} ${input.direction} ${input.price}.`,
      );
      setEditing(undefined);
      return blank(input.market);
    },
    focus: { price: 'alert-price', note: 'alert-note' },
    decimals: ['price'],
  });

  useEffect(() => {
    void usePriceAlerts.getState().load();
  }, []);

  const { update } = form;
  useEffect(() => {
    if (editing === undefined) update({ market: market.name });
    // Only a change of the Trade screen's market moves the form's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [market.name]);

  useEffect(() => {
    if (picked) update({ price: picked.price, market: market.name }, 'price');
    // A new pick (a new object) fills the price.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [picked]);

  const startEdit = (alert: PriceAlert) => {
    setEditing(alert.id);
    setSaved(undefined);
    form.reset({
      market: alert.market,
      direction: alert.direction,
      price: alert.price,
      repeat: alert.repeat,
      note: alert.note,
    });
    document.getElementById('alert-price')?.focus();
  };

  // A line of the chart selected: its alert opens here for editing.
  const openEdit = useRef(startEdit);
  useEffect(() => {
    openEdit.current = startEdit;
  });
  useEffect(
    () =>
      useAlertEditRequest.subscribe(({ request }) => {
        const alert =
          request && usePriceAlerts.getState().data?.alerts.find((a) => a.id === request.id);
        if (alert) openEdit.current(alert);
      }),
    [],
  );

  const alerts = slot.data?.alerts ?? [];
  return (
    <section className="card price-alerts" aria-labelledby="price-alerts-title">
      <h2 id="price-alerts-title">Price alerts</h2>
      <p className="muted small">
        New alerts are on {market.name.replace('_', '/')}, the market chosen above.
      </p>
      <form
        className="form price-alert-form"
        onSubmit={form.onSubmit}
        noValidate
        aria-label={editing === undefined ? 'New price alert' : 'Edit price alert'}
        aria-busy={form.busy}
        data-testid="price-alert-form"
      >
        {form.formError ? (
          <p className="form-alert" role="alert">
            {form.formError}
          </p>
        ) : null}
        <div className="price-alert-fields">
          <SelectField
            id="alert-direction"
            label="When the price is"
            value={form.values.direction}
            options={DIRECTIONS}
            onChange={(v) => form.set('direction', v)}
            error={form.errors.direction}
          />
          <TextField
            id="alert-price"
            label={`Price (${tickOf(form.values.market)?.money ?? market.money})`}
            {...form.bind('price')}
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
          />
          <SelectField
            id="alert-repeat"
            label="Alert"
            value={form.values.repeat}
            options={REPEATS}
            onChange={(v) => form.set('repeat', v)}
            error={form.errors.repeat}
          />
          <TextField
            id="alert-note"
            label="Note (optional)"
            {...form.bind('note')}
            autoComplete="off"
          />
        </div>
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={form.busy}>
            {editing === undefined ? 'Add alert' : 'Save alert'}
          </button>
          {editing !== undefined ? (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                setEditing(undefined);
                form.reset(blank(market.name));
              }}
            >
              Cancel edit
            </button>
          ) : null}
        </div>
        {saved ? (
          <p className="muted small" role="status">
            {saved}
          </p>
        ) : null}
      </form>
      {slot.error ? <p className="muted small">{slot.error.message}</p> : null}
      {alerts.length === 0 ? (
        <p className="muted small">No price alerts yet.</p>
      ) : (
        <ul className="price-alert-list" aria-label="Your price alerts">
          {alerts.map((a) => {
            const places = tickOf(a.market)?.moneyPrec;
            const price = places === undefined ? a.price : formatDecimal(a.price, places);
            const name = `${a.market.replace('_', '/')} ${a.direction} ${price}`;
            return (
              <li key={a.id} data-testid="price-alert" data-state={a.state}>
                <span>
                  {name}
                  <span className="muted small">
                    {' '}
                    · {a.repeat === 'once' ? 'once' : 'every time'}
                    {a.note ? ` · ${a.note}` : ''}
                  </span>
                </span>
                <span className={`price-alert-state state-${a.state}`}>
                  {a.state === 'armed' ? 'Armed' : 'Fired'}
                </span>
                <span className="price-alert-actions">
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    aria-label={`Edit the alert ${name}`}
                    onClick={() => startEdit(a)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    aria-label={`Delete the alert ${name}`}
                    onClick={() =>
                      void usePriceAlerts
                        .getState()
                        .remove(a.id)
                        .catch(() => usePriceAlerts.getState().refresh())
                    }
                  >
                    Delete
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
