/**
 * Shape tables of answers (used by conformance.test.ts for REST and ws.test.ts for the WebSocket
 * API): what a value must look like, and `problems()`, what in a value does not.
 *
 * A record is the list of its field names, each with a mark where needed:
 *   `name?`  sometimes omitted;
 *   `name~`  named by the reference, but not sent yet;
 *   `name+`  sent though the reference does not name it.
 * A record must have every unmarked field, may have the marked ones, and nothing else; nested
 * records (and typed fields) are checked the same way.
 */
export type Shape =
  | { kind: 'record'; fields: string; nested: Record<string, Shape> }
  | { kind: 'list'; item: Shape }
  | { kind: 'map'; value: Shape }
  | { kind: 'byType'; shapes: Record<string, Shape> }
  | { kind: 'oneOf'; shapes: Shape[] }
  | { kind: 'empty list' }
  | { kind: 'value' }
  | { kind: 'type'; type: 'string' | 'number' | 'boolean' | 'null' }
  | { kind: 'tuple'; items: Shape[] };

export const rec = (fields: string, nested: Record<string, Shape> = {}): Shape => ({
  kind: 'record',
  fields,
  nested,
});
export const list = (item: Shape): Shape => ({ kind: 'list', item });
/** An object keyed by ticker or market. */
export const map = (value: Shape): Shape => ({ kind: 'map', value });
/** A record whose shape depends on its `type` field. */
export const byType = (shapes: Record<string, Shape>): Shape => ({ kind: 'byType', shapes });
/** A value that conforms to one of `shapes` (crypto or fiat, say). */
export const oneOf = (...shapes: Shape[]): Shape => ({ kind: 'oneOf', shapes });
export const EMPTY_LIST: Shape = { kind: 'empty list' };
/** Anything that is not a record (a string, a number, an array of strings). */
export const VALUE: Shape = { kind: 'value' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What in `value` does not conform to `shape`, one line each (empty: conforms). */
export function problems(value: unknown, shape: Shape, at: string): string[] {
  switch (shape.kind) {
    case 'value':
      return isRecord(value) ? [`${at}: a record where a value was expected`] : [];
    case 'type': {
      const actual = value === null ? 'null' : typeof value;
      return actual === shape.type ? [] : [`${at}: ${actual} where a ${shape.type} was expected`];
    }
    case 'tuple':
      if (!Array.isArray(value) || value.length !== shape.items.length) {
        return [`${at}: not a list of ${shape.items.length}`];
      }
      return shape.items.flatMap((item, i) => problems(value[i], item, `${at}[${i}]`));
    case 'empty list':
      return Array.isArray(value) && value.length === 0 ? [] : [`${at}: not []`];
    case 'list':
      if (!Array.isArray(value)) return [`${at}: not a list`];
      return value.flatMap((item, i) => problems(item, shape.item, `${at}[${i}]`));
    case 'map':
      if (!isRecord(value)) return [`${at}: not an object`];
      return Object.entries(value).flatMap(([k, v]) => problems(v, shape.value, `${at}.${k}`));
    case 'oneOf': {
      const each = shape.shapes.map((s) => problems(value, s, at));
      return each.some((p) => p.length === 0) ? [] : (each[0] ?? []);
    }
    case 'byType': {
      const type = isRecord(value) ? value.type : undefined;
      const chosen = typeof type === 'string' ? shape.shapes[type] : undefined;
      return chosen ? problems(value, chosen, at) : [`${at}: unknown type ${String(type)}`];
    }
    case 'record': {
      if (!isRecord(value)) return [`${at}: not a record`];
      const names = shape.fields.split(/\s+/).filter(Boolean);
      const allowed = new Set(names.map((n) => n.replace(/[?~+]$/, '')));
      const out: string[] = [];
      for (const name of names) {
        if (!/[?~+]$/.test(name) && !(name in value)) out.push(`${at}: missing ${name}`);
      }
      for (const key of Object.keys(value)) {
        if (!allowed.has(key)) out.push(`${at}: unexpected ${key}`);
        else if (shape.nested[key])
          out.push(...problems(value[key], shape.nested[key], `${at}.${key}`));
        else if (isRecord(value[key]))
          out.push(`${at}.${key}: a record the table does not describe`);
      }
      return out;
    }
  }
}

export const STR: Shape = { kind: 'type', type: 'string' };
export const NUM: Shape = { kind: 'type', type: 'number' };
export const BOOL: Shape = { kind: 'type', type: 'boolean' };
export const NULL: Shape = { kind: 'type', type: 'null' };
/** A positional array: exactly these items. */
export const tuple = (...items: Shape[]): Shape => ({ kind: 'tuple', items });

const TYPES: Record<string, Shape> = { s: STR, n: NUM, b: BOOL };

/**
 * A record whose fields carry their types: `name:s` (string), `name:n` (number), `name:b`
 * (boolean); marks go before the colon (`name?:s`); fields in `nested` take their shape from it.
 */
export function typed(fields: string, nested: Record<string, Shape> = {}): Shape {
  const names: string[] = [];
  const shapes: Record<string, Shape> = { ...nested };
  for (const f of fields.split(/\s+/).filter(Boolean)) {
    const [name = '', type] = f.split(':');
    names.push(name);
    const shape = type ? TYPES[type] : undefined;
    if (shape) shapes[name.replace(/[?~+]$/, '')] = shape;
  }
  for (const key of Object.keys(nested)) if (!names.includes(key)) names.push(key);
  return rec(names.join(' '), shapes);
}
