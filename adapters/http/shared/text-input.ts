import type { TSchema } from '@sinclair/typebox';

/**
 * Characters no text field stores: C0 and C1 controls (tab, line feed and carriage return are
 * allowed in multi-line text only), and the bidirectional embeddings, overrides and isolates that
 * make a name display as something else. Unpaired surrogates are checked with isWellFormed.
 * Both patterns are single character classes: one linear pass, whatever the input.
 */
const UNSAFE_IN_BLOCK = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const UNSAFE_IN_LINE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;

export type TextKind = 'line' | 'block';

export const unsafeText = (value: string, kind: TextKind): boolean => !value.isWellFormed() || (kind === 'line' ? UNSAFE_IN_LINE : UNSAFE_IN_BLOCK).test(value);

const printable = (key: string): string => key.replace(/[^\x20-\x7e]/g, '?');
const joined = (path: string, key: string): string => (path ? `${path}.${key}` : key);

/**
 * The path of the first string anywhere in `value` that carries characters no field accepts, or
 * null. Walks iteratively: a deeply nested body cannot exhaust the stack. Strings are checked as
 * they are met, so the flat parameters and queries of every request cost no allocation.
 */
export const firstUnsafeString = (value: unknown): string | null => {
  if (typeof value === 'string') return unsafeText(value, 'block') ? '' : null;
  if (value === null || typeof value !== 'object') return null;
  const pending: object[] = [value];
  const paths: string[] = [''];
  while (pending.length > 0) {
    const current = pending.pop() as Record<string, unknown>;
    const path = paths.pop() as string;
    const list = Array.isArray(current);
    for (const key of list ? current.keys() : Object.keys(current)) {
      const name = String(key);
      if (!list && unsafeText(name, 'line')) return joined(path, printable(name));
      const item = current[name];
      if (typeof item === 'string') {
        if (unsafeText(item, 'block')) return joined(path, name);
      } else if (item !== null && typeof item === 'object') {
        pending.push(item);
        paths.push(joined(path, name));
      }
    }
  }
  return null;
};

/**
 * Trims every field the schema marks as text (`x-text`), in place, before its length is checked:
 * a name of three spaces is an empty name.
 */
export const trimTextFields = (schema: TSchema, value: unknown): unknown => {
  if (schema.anyOf) {
    // A nullable or alternative shape: trim by the option of the value's own JSON type.
    const type = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
    const option = (schema.anyOf as TSchema[]).find((candidate) => candidate.type === type || (type === 'string' && candidate['x-text']));
    return option ? trimTextFields(option, value) : value;
  }
  if (typeof value === 'string') return schema['x-text'] ? value.trim() : value;
  if (Array.isArray(value) && schema.items) {
    for (let index = 0; index < value.length; index += 1) value[index] = trimTextFields(schema.items as TSchema, value[index]);
  } else if (value !== null && typeof value === 'object' && schema.properties) {
    const record = value as Record<string, unknown>;
    const properties = schema.properties as Record<string, TSchema>;
    for (const key in properties) {
      if (Object.hasOwn(record, key)) record[key] = trimTextFields(properties[key] as TSchema, record[key]);
    }
  }
  return value;
};
