import { field, has } from './fields';
import { validation, type FieldErrors } from './errors';

/**
 * Small request-field readers that collect messages per field (Laravel-style texts, as the real
 * exchange sends), then throw one error with every field at once.
 */
export class Checker {
  readonly errors: FieldErrors = {};

  constructor(readonly body: Record<string, unknown>) {}

  add(name: string, message: string): void {
    (this.errors[name] ??= []).push(message);
  }

  get failed(): boolean {
    return Object.keys(this.errors).length > 0;
  }

  throwIfFailed(code: number, status = 422): void {
    if (this.failed) throw validation(code, this.errors, status);
  }

  has(name: string): boolean {
    return has(this.body, name);
  }

  raw(name: string): unknown {
    return field(this.body, name);
  }

  /** Optional string; type error recorded under `name`. */
  string(name: string, required = false): string | undefined {
    const v = field(this.body, name);
    if (v === undefined || v === null) {
      if (required) this.add(name, `The ${name.replace(/_/g, ' ')} field is required.`);
      return undefined;
    }
    if (typeof v !== 'string') {
      this.add(name, `The ${name.replace(/_/g, ' ')} must be a string.`);
      return undefined;
    }
    return v;
  }

  /**
   * Optional integer (number or digit string) in [min, max]. Messages go under `key` (default: the
   * name as given); `notInteger` replaces the Laravel text where an endpoint words it otherwise.
   */
  int(
    name: string,
    def: number | undefined,
    min: number,
    max?: number,
    { key = name, notInteger }: { key?: string; notInteger?: string } = {},
  ): number | undefined {
    const v = field(this.body, name);
    if (v === undefined || v === null) return def;
    const n =
      typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : NaN;
    const label = name.replace(/_/g, ' ');
    if (!Number.isSafeInteger(n)) {
      this.add(key, notInteger ?? `The ${label} must be an integer.`);
      return def;
    }
    if (n < min) {
      this.add(key, `The ${label} must be at least ${min}.`);
      return def;
    }
    if (max !== undefined && n > max) {
      this.add(key, `The ${label} may not be greater than ${max}.`);
      return def;
    }
    return n;
  }

  bool(name: string): boolean | undefined {
    const v = field(this.body, name);
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'boolean') {
      this.add(name, `The ${name} field must be true or false.`);
      return undefined;
    }
    return v;
  }
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const CLIENT_ORDER_ID = /^[A-Za-z0-9._-]+$/;
