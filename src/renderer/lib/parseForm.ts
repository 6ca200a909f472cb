import type { z } from 'zod';
import { issuesToFields, type FieldErrors } from '../features/accounts/Field';

/**
 * Parses a form's values with a contract schema: the parsed input, or the first message per field.
 * The schema's own messages win; `fallback` words zod's generic ones for a field. Shared by the
 * Orders and History filter forms.
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
