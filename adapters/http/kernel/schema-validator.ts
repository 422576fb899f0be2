import type { TSchema } from '@sinclair/typebox';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { dollarsProblem } from '../../../core/shared/money.ts';
import { validationFailed, type DomainError } from '../../../core/shared/domain-error.ts';
import { firstUnsafeString, trimTextFields, unsafeText, type TextKind } from './text-input.ts';

const strictBodies = new Ajv2020({ allErrors: false, strict: false, useDefaults: true });
const coercingQueries = new Ajv2020({ allErrors: false, strict: false, coerceTypes: 'array', useDefaults: true });
for (const ajv of [strictBodies, coercingQueries]) {
  // `date` (full mode) accepts only real calendar dates: 2027-02-30 and 2027-99-99 are refused.
  addFormats.default(ajv, { mode: 'full' });
  ajv.addKeyword({ keyword: 'x-money', type: 'number', schemaType: 'boolean', validate: (_: boolean, data: number) => dollarsProblem(data) !== 'multipleOf' });
  ajv.addKeyword({ keyword: 'x-text', type: 'string', schemaType: 'string', validate: (kind: TextKind, data: string) => !unsafeText(data, kind) });
}

const compiled = new WeakMap<TSchema, ValidateFunction>();

const RULES: Readonly<Record<string, string>> = { additionalProperties: 'unknown_field', 'x-money': 'multipleOf', 'x-text': 'text' };

const ruleOf = (error: ErrorObject): string => {
  if (error.keyword === 'format') return error.params.format === 'date' ? 'date' : 'format';
  return RULES[error.keyword] ?? error.keyword;
};

const UNSAFE_MESSAGE = 'contains control characters, bidirectional overrides or unpaired surrogates';

const messageOf = (error: ErrorObject, field: string): string => {
  switch (ruleOf(error)) {
    case 'required':
      return `'${field}' is required.`;
    case 'unknown_field':
      return `'${field}' is not a known field.`;
    case 'date':
      return `'${field}' must be a real calendar date (YYYY-MM-DD).`;
    case 'multipleOf':
      return `'${field}' has more than two decimals.`;
    case 'text':
      return `'${field}' ${UNSAFE_MESSAGE}.`;
    default:
      return `'${field}' ${error.message ?? 'is invalid'}.`;
  }
};

/** The first schema violation as the contract's `validation_failed`: `details.field` and `details.rule`. */
const toDomainError = (error: ErrorObject, location: string, at: string | undefined): DomainError => {
  const path = [...(at ? [at] : []), ...error.instancePath.slice(1).split('/').filter(Boolean)];
  if (error.keyword === 'required') path.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') path.push(String(error.params.additionalProperty));
  const field = path.join('.') || location;
  return validationFailed(field, ruleOf(error), messageOf(error, field));
};

/**
 * Validates (and, for query strings, coerces) a value in place; throws `validation_failed`. Every
 * input check of the HTTP edge happens here, in this order: no string anywhere carries control or
 * bidi-override characters or unpaired surrogates; text fields are trimmed; then the schema, with
 * real calendar dates, exact two-decimal money under its maximum, and single-line text. `at`
 * names the value's place in the body when a part is checked on its own (a template's `data`).
 */
export const validate = (schema: TSchema, value: unknown, location: 'body' | 'query' | 'params', at?: string): void => {
  const found = firstUnsafeString(value);
  const unsafe = found === null ? null : [at, found].filter(Boolean).join('.');
  if (unsafe !== null) throw validationFailed(unsafe || location, 'text', `'${unsafe || location}' ${UNSAFE_MESSAGE}.`);
  trimTextFields(schema, value);
  let check = compiled.get(schema);
  if (!check) {
    check = (location === 'body' ? strictBodies : coercingQueries).compile(schema);
    compiled.set(schema, check);
  }
  if (!check(value)) {
    const [first] = check.errors ?? [];
    throw first ? toDomainError(first, location, at) : validationFailed(at ?? location, 'schema');
  }
};
