import type { InputHTMLAttributes, ReactNode } from 'react';

/** The first message of a field in a DeskError's `fields` (or a client check). */
export type FieldErrors = Partial<Record<string, string>>;

interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'onChange' | 'value'
> {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  hint?: ReactNode;
}

/** A labelled input with its error under it, bound by aria-invalid and aria-describedby. */
export function TextField({ id, label, value, onChange, error, hint, ...rest }: TextFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : undefined, hint ? hintId : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...rest}
      />
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Props for an input that holds a secret: never autocompleted, spell-checked or remembered. */
export const secretInputProps = {
  type: 'password',
  autoComplete: 'off',
  spellCheck: false,
  autoCapitalize: 'off',
  autoCorrect: 'off',
} as const;

/** Zod issues -> the first message per field (path[0]). */
export function issuesToFields(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && fields[key] === undefined) fields[key] = issue.message;
  }
  return fields;
}

/**
 * A DeskError's field messages for the fields a form has; `rest` is the message to show at form
 * level when none of them matched.
 */
export function deskFieldErrors(
  error: { message: string; fields?: Record<string, string[]> | undefined },
  known: readonly string[],
): { fields: FieldErrors; rest: string | undefined } {
  const fields: FieldErrors = {};
  for (const name of known) {
    const first = error.fields?.[name]?.[0];
    if (first) fields[name] = first;
  }
  return { fields, rest: Object.keys(fields).length > 0 ? undefined : error.message };
}
