import type { z } from 'zod';

/** The first message of a field in a DeskError's `fields` (or a client check). */
export type FieldErrors = Partial<Record<string, string>>;

/** Zod issues -> the first message per field (path[0]). */
function issuesToFields(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && fields[key] === undefined) fields[key] = issue.message;
  }
  return fields;
}

/** How a form reads the field names of a server error. */
export interface ServerFieldOptions {
  /** Server field names that mean one of the form's fields (the exchange's `total` is the amount). */
  aliases?: Readonly<Record<string, string>> | undefined;
  /** Words a server message for this form, by the server's field name (default: as is). */
  word?: ((name: string, message: string) => string) | undefined;
}

/**
 * A DeskError as a form shows it: the first message of each field the form has (by its own name or
 * an alias) goes under that field; the messages of fields it does not have are `rest`, the message
 * to show at form level; an error that names no field at all is its own message at form level.
 */
export function deskFieldErrors(
  error: { message: string; fields?: Record<string, string[]> | undefined },
  known: readonly string[],
  options: ServerFieldOptions = {},
): { fields: FieldErrors; rest: string | undefined } {
  const fields: FieldErrors = {};
  const unmatched: string[] = [];
  const word = options.word ?? ((_name: string, message: string) => message);
  for (const [name, messages] of Object.entries(error.fields ?? {})) {
    const first = messages[0];
    if (!first) continue;
    const field = known.includes(name) ? name : options.aliases?.[name];
    if (field === undefined || !known.includes(field)) unmatched.push(word(name, first));
    else if (fields[field] === undefined) fields[field] = word(name, first);
  }
  const matched = Object.keys(fields).length > 0;
  const rest = unmatched.length > 0 ? unmatched.join(' ') : matched ? undefined : error.message;
  return { fields, rest };
}

/**
 * Parses a form's values with a contract schema: the parsed input, or the first message per field.
 * The schema's own messages win; `fallback` words zod's generic ones for a field. Shared by every
 * form (through lib/useForm.ts) and the Orders and History filter forms.
 */
export function parseForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
  fallback: Partial<Record<string, string>> = {},
): { ok: true; data: z.output<S> } | { ok: false; fields: FieldErrors } {
  const parsed = schema.safeParse(values, {
    error: (issue) => {
      const key = issue.path?.[0];
      if (typeof key === 'string' && fallback[key]) return fallback[key];
      if (issue.code === 'too_big' && issue.origin === 'string')
        return `Use at most ${String(issue.maximum)} characters.`;
      return undefined;
    },
  });
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, fields: issuesToFields(parsed.error.issues) };
}

/**
 * The first message of one value checked with a single field's contract schema (an order's amount,
 * a client order id), or undefined when it passes.
 */
export function fieldMessage(schema: z.ZodType, value: unknown): string | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'Check this value.');
}
