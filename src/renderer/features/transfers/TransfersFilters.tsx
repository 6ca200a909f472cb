import { useMemo, useState, type FormEvent } from 'react';
import { transferFiltersInput } from '../../../shared/contract';
import type { TransferMethod } from '../../../shared/transferStatus';
import { validStatuses } from '../../../shared/transferStatus';
import { parseForm } from '../../lib/parseForm';
import { TextField } from '../../components/Field';
import { type FieldErrors } from '../../lib/parseForm';
import { useTransfersStore, type TransferFilters } from './transfersStore';
import { codeRanges, statusGroups } from './statusOptions';

const MAX_ADDRESSES = 20;

interface Draft {
  method: '' | '1' | '2';
  ticker: string;
  address: string;
  addresses: string;
  memo: string;
  uniqueId: string;
  status: number[];
}

function draftOf(filters: TransferFilters): Draft {
  return {
    method: filters.transactionMethod ? (String(filters.transactionMethod) as '1' | '2') : '',
    ticker: filters.ticker ?? '',
    address: filters.address ?? '',
    addresses: (filters.addresses ?? []).join('\n'),
    memo: filters.memo ?? '',
    uniqueId: filters.uniqueId ?? '',
    status: filters.status ?? [],
  };
}

const EMPTY: Draft = draftOf({});

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

const methodOf = (draft: Draft): TransferMethod | undefined =>
  draft.method === '' ? undefined : (Number(draft.method) as TransferMethod);

/** The form's values as the contract's filters (empty fields left out). */
function toInput(draft: Draft): Record<string, unknown> {
  const text = (value: string) => value.trim() || undefined;
  const addresses = lines(draft.addresses);
  return {
    transactionMethod: methodOf(draft),
    ticker: text(draft.ticker),
    address: text(draft.address),
    addresses: addresses.length > 0 ? addresses : undefined,
    memo: text(draft.memo),
    uniqueId: text(draft.uniqueId),
    status: draft.status.length > 0 ? draft.status : undefined,
  };
}

/** How many of the rarer filters (under More filters) the draft sets. */
function moreSet(draft: Draft): number {
  const text = [draft.address, draft.memo, draft.uniqueId, draft.addresses];
  return text.filter((v) => v.trim() !== '').length + (draft.status.length > 0 ? 1 : 0);
}

/** The one-line text fields under More filters. */
const MORE_TEXT = [
  { key: 'address', id: 'history-address', label: 'Address', mono: true },
  { key: 'memo', id: 'history-memo', label: 'Memo', mono: false },
  { key: 'uniqueId', id: 'history-unique-id', label: 'Unique id', mono: true },
] as const;

/** The fields under More filters, by the names their errors come under. */
const MORE_FIELDS = ['address', 'addresses', 'memo', 'uniqueId', 'status'];

/**
 * Deposit/withdraw filters: Method and Ticker in one row, the rarer ones under More filters (closed
 * until one is set, so the rows show on the first screen at 800x600); applied on Apply (checked with the contract first), cleared on Reset. */
export function TransfersFilters() {
  const applied = useTransfersStore((s) => s.filters);
  const apply = useTransfersStore((s) => s.apply);
  const [draft, setDraft] = useState<Draft>(() => draftOf(applied));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [moreOpen, setMoreOpen] = useState(() => moreSet(draftOf(applied)) > 0);
  const groups = useMemo(() => statusGroups(methodOf(draft)), [draft]);
  const addressCount = lines(draft.addresses).length;

  const change = <K extends keyof Draft>(key: K, value: Draft[K], field: string = key) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  function chooseMethod(method: Draft['method']) {
    // Statuses that do not exist for the new method are dropped rather than sent.
    const valid = validStatuses(method === '' ? undefined : (Number(method) as TransferMethod));
    setDraft((d) => ({ ...d, method, status: d.status.filter((code) => valid.includes(code)) }));
    setErrors((e) => ({ ...e, transactionMethod: undefined, status: undefined }));
  }

  function toggle(codes: readonly number[], on: boolean) {
    setDraft((d) => {
      const rest = d.status.filter((code) => !codes.includes(code));
      return { ...d, status: on ? [...rest, ...codes].sort((a, b) => a - b) : rest };
    });
    setErrors((e) => ({ ...e, status: undefined }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseForm(transferFiltersInput, toInput(draft));
    if (!parsed.ok) {
      setErrors(parsed.fields);
      if (MORE_FIELDS.some((field) => parsed.fields[field])) setMoreOpen(true);
      return;
    }
    setErrors({});
    apply(parsed.data);
  }

  function reset() {
    setDraft(EMPTY);
    setErrors({});
    apply({});
  }

  const addressesError = errors.addresses;
  return (
    <form
      className="filters history-filters"
      aria-label="Filter deposits and withdrawals"
      onSubmit={submit}
      noValidate
    >
      <div className="field">
        <label htmlFor="history-method">Method</label>
        <select
          id="history-method"
          value={draft.method}
          onChange={(e) => chooseMethod(e.target.value as Draft['method'])}
        >
          <option value="">All</option>
          <option value="1">Deposits</option>
          <option value="2">Withdrawals</option>
        </select>
      </div>
      <TextField
        id="history-ticker"
        label="Ticker"
        value={draft.ticker}
        onChange={(v) => change('ticker', v.toUpperCase())}
        error={errors.ticker}
        placeholder="e.g. BTC"
        autoComplete="off"
        spellCheck={false}
      />
      <div className="filters-actions">
        <button type="submit" className="btn btn-primary">
          Apply
        </button>
        <button type="button" className="btn btn-secondary" onClick={reset}>
          Reset
        </button>
      </div>
      <details
        className="more-filters field-wide"
        open={moreOpen}
        onToggle={(e) => setMoreOpen(e.currentTarget.open)}
      >
        <summary>More filters{moreSet(draft) > 0 ? ` (${moreSet(draft)} set)` : ''}</summary>
        <div className="more-filters-fields">
          {MORE_TEXT.map(({ key, id, label, mono }) => (
            <TextField
              key={key}
              id={id}
              label={label}
              value={draft[key]}
              onChange={(v) => change(key, v)}
              error={errors[key]}
              autoComplete="off"
              spellCheck={false}
              {...(mono ? { className: 'mono' } : {})}
            />
          ))}
          <div className="field field-wide">
            <label htmlFor="history-addresses">Addresses</label>
            <textarea
              id="history-addresses"
              className="mono"
              rows={2}
              value={draft.addresses}
              onChange={(e) => change('addresses', e.target.value)}
              aria-invalid={addressesError ? true : undefined}
              aria-describedby={
                addressesError
                  ? 'history-addresses-hint history-addresses-error'
                  : 'history-addresses-hint'
              }
              spellCheck={false}
              autoComplete="off"
            />
            <p className="field-hint" id="history-addresses-hint">
              One per line, at most {MAX_ADDRESSES} · {addressCount} entered
            </p>
            {addressesError ? (
              <p className="field-error" id="history-addresses-error">
                {addressesError}
              </p>
            ) : null}
          </div>
          <fieldset
            className="status-options field-wide"
            aria-describedby={errors.status ? 'history-status-error' : undefined}
          >
            <legend>Status</legend>
            <div className="checks">
              {groups.map((group) => {
                const checked = group.codes.every((code) => draft.status.includes(code));
                const some = group.codes.some((code) => draft.status.includes(code));
                return (
                  <label
                    key={group.name}
                    className="check"
                    title={`${group.codes.length === 1 ? 'Code' : 'Codes'} ${codeRanges(group.codes)}`}
                  >
                    <input
                      type="checkbox"
                      checked={checked}
                      ref={(el) => {
                        if (el) el.indeterminate = some && !checked;
                      }}
                      onChange={(e) => toggle(group.codes, e.target.checked)}
                    />
                    <span>{group.name}</span>
                  </label>
                );
              })}
            </div>
            {errors.status ? (
              <p className="field-error" id="history-status-error">
                {errors.status}
              </p>
            ) : null}
          </fieldset>
        </div>
      </details>
    </form>
  );
}
