import type { TSchema } from '@sinclair/typebox';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { validationFailed, type DomainError } from '../../../core/shared/domain-error.ts';

const strictBodies = new Ajv2020({ allErrors: false, strict: false, useDefaults: true });
const coercingQueries = new Ajv2020({ allErrors: false, strict: false, coerceTypes: 'array', useDefaults: true });
addFormats.default(strictBodies);
addFormats.default(coercingQueries);

const compiled = new WeakMap<TSchema, ValidateFunction>();

const ruleOf = (error: ErrorObject): string => (error.keyword === 'additionalProperties' ? 'unknown_field' : error.keyword);

/** The first schema violation as the contract's `validation_failed`: `details.field` and `details.rule`. */
const toDomainError = (error: ErrorObject, location: string): DomainError => {
  const path = error.instancePath.slice(1).split('/').filter(Boolean);
  if (error.keyword === 'required') path.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') path.push(String(error.params.additionalProperty));
  const field = path.join('.') || location;
  const message =
    error.keyword === 'required'
      ? `'${field}' is required.`
      : error.keyword === 'additionalProperties'
        ? `'${field}' is not a known field.`
        : `'${field}' ${error.message ?? 'is invalid'}.`;
  return validationFailed(field, ruleOf(error), message);
};

/** Validates (and, for query strings, coerces) a value in place; throws `validation_failed`. */
export const validate = (schema: TSchema, value: unknown, location: 'body' | 'query' | 'params'): void => {
  let check = compiled.get(schema);
  if (!check) {
    check = (location === 'body' ? strictBodies : coercingQueries).compile(schema);
    compiled.set(schema, check);
  }
  if (!check(value)) {
    const [first] = check.errors ?? [];
    throw first ? toDomainError(first, location) : validationFailed(location, 'schema');
  }
};
