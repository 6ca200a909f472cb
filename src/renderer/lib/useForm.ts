import { useState, type FormEvent } from 'react';
import { useAction } from './useAction';
import { readDecimal } from './numberFormat';
import type { z } from 'zod';
import { asDeskError, type DeskError } from '../../shared/errors';
import { deskFieldErrors, parseForm, type FieldErrors, type ServerFieldOptions } from './parseForm';

/**
 * The one form hook (rules 6 and 8, docs/architecture.md): the values, client checks from a contract schema
 * (nothing is sent while one fails), a single-flight submit (a second submit or Enter while one is
 * in flight does nothing), the server's refusal mapped once (messages of the form's fields under
 * them, the rest at form level), the busy state, and a field's message cleared as it is edited.
 */
export interface FormOptions<V extends object, S extends z.ZodType> {
  /** The values the form starts with, and goes back to on `reset()`. */
  initial: V;
  /** The form's fields in screen order: their messages go under them; the first takes focus. */
  fields: readonly string[];
  /** The contract schema the values are checked with before anything is sent. */
  schema: S;
  /** The schema's input from the values (default: the values as they are). */
  input?(values: V): unknown;
  /** Words for zod's generic messages, per field (the schema's own messages win). */
  messages?: Partial<Record<string, string>>;
  /**
   * The form's messages from the schema's (`found`): add checks the schema cannot make (a
   * confirmation, a market's rules) or word a field differently. Default: `found` as is. Whatever
   * it answers, a value the schema refuses is never sent.
   */
  check?(values: V, found: FieldErrors): FieldErrors;
  /**
   * When given, valid values go here (to open a review) instead of being sent; the review's
   * confirm calls `send(data)`.
   */
  review?(data: z.output<S>, values: V): void;
  /**
   * Sends the parsed input through a store; rejects with a DeskError when refused. What it answers
   * is taken into the values (a sent form clears its amount, its secret).
   */
  submit(data: z.output<S>, values: V): Promise<Partial<V> | void>;
  /** How the server's field names read for this form. */
  server?: ServerFieldOptions & {
    /**
     * A form-level message that replaces the mapping of some errors (a missing permission), or
     * `null` for errors the form shows elsewhere (a wait it counts down). Undefined: map it.
     */
    message?(error: DeskError): string | null | undefined;
    /** The form-level message when every message of a refusal went under a field. */
    refused?: string;
  };
  /**
   * After a refusal has been put on the form (to close a dialog); what it answers is taken into the
   * values (a refused passcode is cleared).
   */
  failed?(error: DeskError, fields: FieldErrors): Partial<V> | void;
  /** Element ids of the fields, for focusing the first one with a message. */
  focus?: Partial<Record<string, string>>;
  /** Nothing is checked or sent while true (a review open, a wait running). */
  blocked?: boolean;
  /**
   * Fields holding a typed decimal: read in the user's number format on submit ("0,5" -> "0.5",
   * "1.234,5" -> "1234.5" where the comma is decimal) and shown as read, before any check.
   */
  decimals?: readonly string[];
}

export interface Form<V extends object, S extends z.ZodType> {
  values: V;
  /** A field's message (a client check or the server's). */
  errors: FieldErrors;
  /** The message at form level (the server's, for no field of the form). */
  formError: string | undefined;
  /** A submit is in flight. */
  busy: boolean;
  /** Changes values; `clears` is the field whose message goes away (the edited one). */
  update(patch: Partial<V>, clears?: string): void;
  /** Changes one field and clears its message. */
  set<K extends keyof V & string>(field: K, value: V[K]): void;
  /** Props for a TextField bound to a string field: value, onChange (clears its message), error. */
  bind<K extends StringKeys<V>>(
    field: K,
  ): { value: string; onChange(value: string): void; error: string | undefined };
  /** The form's submit handler: checks, then reviews or sends. */
  onSubmit(event?: FormEvent<HTMLFormElement>): void;
  /** Sends checked input once (a second call while one is in flight does nothing). */
  send(data: z.output<S>): Promise<void>;
  setFormError(message: string | undefined): void;
  /** Back to the initial values (or `values`), without messages. */
  reset(values?: V): void;
}

type StringKeys<V> = { [K in keyof V & string]: V[K] extends string ? K : never }[keyof V & string];

/** The values with each decimal field read in the user's number format (the same object if none changed). */
function readDecimals<V extends object>(values: V, fields: readonly string[] | undefined): V {
  let out = values;
  for (const field of fields ?? []) {
    const text = (values as Record<string, unknown>)[field];
    if (typeof text !== 'string') continue;
    const read = readDecimal(text);
    if (read !== text) out = { ...out, [field]: read };
  }
  return out;
}

const hasAny = (errors: FieldErrors) => Object.values(errors).some((m) => m !== undefined);

export function useForm<V extends object, S extends z.ZodType>(
  options: FormOptions<V, S>,
): Form<V, S> {
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>(undefined);
  // Set synchronously when a submit starts: a second click or Enter in the same tick is ignored.
  const action = useAction();

  const focusFirst = (found: FieldErrors) => {
    const { fields, focus } = options;
    const first = fields.find((f) => found[f] !== undefined);
    const id = first ? focus?.[first] : undefined;
    if (id) document.getElementById(id)?.focus();
  };

  const update = (patch: Partial<V>, clears?: string) => {
    setValues((v) => ({ ...v, ...patch }));
    if (clears !== undefined) setErrors((e) => (e[clears] ? { ...e, [clears]: undefined } : e));
  };

  const send = (data: z.output<S>) =>
    action.run(async () => {
      try {
        const next = await options.submit(data, values);
        if (next) setValues((v) => ({ ...v, ...next }));
      } catch (raw) {
        const error = asDeskError(raw);
        const { server = {}, fields: known } = options;
        const replaced = server.message?.(error);
        const mapped =
          replaced === undefined
            ? deskFieldErrors(error, known, server)
            : { fields: {}, rest: replaced ?? undefined };
        setErrors(mapped.fields);
        setFormError(mapped.rest ?? (hasAny(mapped.fields) ? server.refused : undefined));
        focusFirst(mapped.fields);
        const after = options.failed?.(error, mapped.fields);
        if (after) setValues((v) => ({ ...v, ...after }));
      }
    });

  const current = values;
  const onSubmit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (action.running() || options.blocked) return;
    setFormError(undefined);
    const values = readDecimals(current, options.decimals);
    if (values !== current) setValues(values);
    const parsed = parseForm(
      options.schema,
      options.input ? options.input(values) : values,
      options.messages,
    );
    const found = parsed.ok ? {} : parsed.fields;
    const checked = options.check ? options.check(values, found) : found;
    if (parsed.ok && !hasAny(checked)) {
      setErrors({});
      if (options.review) options.review(parsed.data, values);
      else void send(parsed.data);
      return;
    }
    const shown = hasAny(checked) ? checked : found;
    // A message for a field the form does not show is said at form level.
    const elsewhere = Object.entries(shown)
      .filter(([field, message]) => message !== undefined && !options.fields.includes(field))
      .map(([, message]) => message);
    if (elsewhere.length > 0) setFormError(elsewhere.join(' '));
    setErrors(shown);
    focusFirst(shown);
  };

  return {
    values,
    errors,
    formError,
    busy: action.busy,
    update,
    set: (field, value) => update({ [field]: value } as unknown as Partial<V>, field),
    bind: (field) => ({
      value: values[field] as string,
      onChange: (value: string) => update({ [field]: value } as unknown as Partial<V>, field),
      error: errors[field],
    }),
    onSubmit,
    send,
    setFormError,
    reset(next) {
      setValues(next ?? options.initial);
      setErrors({});
      setFormError(undefined);
    },
  };
}
