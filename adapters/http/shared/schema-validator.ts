import type { TSchema } from '@sinclair/typebox';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { ACCEPTED_DATES, ACCEPTED_MONTHS, isAcceptedDate } from '../../../core/shared/calendar-date.ts';
import { dollarsProblem } from '../../../core/shared/money.ts';
import { validationFailed, type DomainError } from '../../../core/shared/domain-error.ts';
import { MONTH_PATTERN } from './common.schemas.ts';
import { firstUnsafeString, trimTextFields, unsafeText, type TextKind } from './text-input.ts';

// Every problem of a request is found (a client fixes them all at once), the first named in `field` and `rule`.
// The schemas are ours and checked against JSON Schema 2020-12 by the tests (openapi.test.ts), so
// they are not checked again when first used: that compiled the meta-schema inside the first
// validated request after each start (60 ms of it).
// `verbose` keeps each failing schema beside its error: a message gives the field's example from it.
const strictBodies = new Ajv2020({ allErrors: true, strict: false, useDefaults: true, validateSchema: false, verbose: true });
const coercingQueries = new Ajv2020({ allErrors: true, strict: false, coerceTypes: 'array', useDefaults: true, validateSchema: false, verbose: true });

/** Problems listed in one answer at most. */
const MAX_PROBLEMS = 20;
interface StringFormat {
  readonly validate: (value: string) => boolean;
  readonly compare: (a: string, b: string) => number | undefined;
}
const fullDate = fullFormats.date as StringFormat;
const fullDateTime = fullFormats['date-time'] as StringFormat;
/** An instant whose day is an accepted date (`date-time` in full mode checks the rest). */
const isAcceptedDateTime = (value: string): boolean => isAcceptedDate(value.slice(0, 10)) && fullDateTime.validate(value);

for (const ajv of [strictBodies, coercingQueries]) {
  // `date` accepts only real calendar dates in the accepted range: 2027-02-30, 2027-99-99 and 9999-12-31 are refused.
  addFormats.default(ajv, { mode: 'full' });
  ajv.addFormat('date', { ...fullDate, validate: isAcceptedDate });
  ajv.addFormat('date-time', { ...fullDateTime, validate: isAcceptedDateTime });
  ajv.addKeyword({ keyword: 'x-money', type: 'number', schemaType: 'boolean', validate: (_: boolean, data: number) => dollarsProblem(data) !== 'multipleOf' });
  ajv.addKeyword({ keyword: 'x-text', type: 'string', schemaType: 'string', validate: (kind: TextKind, data: string) => !unsafeText(data, kind) });
}

const compiled = new WeakMap<TSchema, ValidateFunction>();

const FORMAT_RULES: Readonly<Record<string, string>> = { date: 'date', 'date-time': 'date_time' };
const RULES: Readonly<Record<string, string>> = { additionalProperties: 'unknown_field', 'x-money': 'multipleOf', 'x-text': 'text' };

const ruleOf = (error: ErrorObject): string => {
  if (error.keyword === 'format') return FORMAT_RULES[String(error.params.format)] ?? 'format';
  if (error.keyword === 'pattern' && error.params.pattern === MONTH_PATTERN) return 'month';
  return RULES[error.keyword] ?? error.keyword;
};

const UNSAFE_MESSAGE = 'contains control characters, bidirectional overrides or unpaired surrogates';

/** What a JSON type is called in a message. */
const TYPE_NAMES: Readonly<Record<string, string>> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
};

/** The field's example from its schema, as a message's ending (`, e.g. "CA"`); none when the schema has none. */
const exampleOf = (error: ErrorObject): string => {
  const examples = (error.parentSchema as { examples?: unknown[] } | undefined)?.examples;
  return examples && examples.length > 0 ? `, e.g. ${JSON.stringify(examples[0])}` : '';
};

const FORMAT_NAMES: Readonly<Record<string, string>> = {
  email: 'an email address, e.g. "ops@example.com"',
  uri: 'an absolute URL, e.g. "https://example.com/hooks"',
  uuid: 'a UUID, e.g. "3f2b8c1e-9a4d-4e7b-8c2f-1d5e6a7b8c9d"',
  ipv4: 'an IPv4 address, e.g. "192.0.2.10"',
};

/** Each rule's message, written for people: the field, what it must be, and an example where the schema has one. */
const messageOf = (error: ErrorObject, field: string): string => {
  const limit = error.params.limit as number;
  switch (ruleOf(error)) {
    case 'required':
      return `'${field}' is required.`;
    case 'unknown_field':
      return `'${field}' is not a known field.`;
    case 'date':
      return `'${field}' must be a real calendar date (YYYY-MM-DD) from ${ACCEPTED_DATES}, e.g. 2027-01-15.`;
    case 'month':
      return `'${field}' must be a month (YYYY-MM) from ${ACCEPTED_MONTHS}, e.g. 2026-11.`;
    case 'date_time':
      return `'${field}' must be an ISO 8601 date-time on a date from ${ACCEPTED_DATES}, e.g. 2027-01-15T09:30:00Z.`;
    case 'multipleOf':
      return `'${field}' has more than two decimals.`;
    case 'text':
      return `'${field}' ${UNSAFE_MESSAGE}.`;
    case 'enum':
      return `'${field}' must be one of: ${(error.params.allowedValues as unknown[]).slice(0, 50).join(', ')}.`;
    case 'const':
      return `'${field}' must be ${JSON.stringify(error.params.allowedValue)}.`;
    case 'type': {
      const types = ([] as string[]).concat(error.params.type as string | string[]);
      return `'${field}' must be ${types.map((type) => TYPE_NAMES[type] ?? type).join(' or ')}${exampleOf(error)}.`;
    }
    case 'minLength':
      return `'${field}' must be at least ${limit} character${limit === 1 ? '' : 's'} long${exampleOf(error)}.`;
    case 'maxLength':
      return `'${field}' must be at most ${limit} characters long.`;
    case 'minimum':
      return `'${field}' must be at least ${limit}.`;
    case 'maximum':
      return `'${field}' must be at most ${limit}.`;
    case 'exclusiveMinimum':
      return `'${field}' must be more than ${limit}.`;
    case 'exclusiveMaximum':
      return `'${field}' must be less than ${limit}.`;
    case 'minItems':
      return `'${field}' must list at least ${limit} item${limit === 1 ? '' : 's'}.`;
    case 'maxItems':
      return `'${field}' must list at most ${limit} items.`;
    case 'uniqueItems':
      return `'${field}' must not list the same value twice.`;
    case 'minProperties':
      return `'${field}' must not be empty.`;
    case 'pattern':
      return `'${field}' is not in the expected form${exampleOf(error) || ` (${String(error.params.pattern)})`}.`;
    case 'format':
      return `'${field}' must be ${FORMAT_NAMES[String(error.params.format)] ?? `in the ${String(error.params.format)} format`}.`;
    default:
      return `'${field}' is not valid here${exampleOf(error)}.`;
  }
};

interface Problem {
  readonly field: string;
  readonly rule: string;
  readonly message: string;
}

const problemOf = (error: ErrorObject, location: string, at: string | undefined): Problem => {
  const path = [...(at ? [at] : []), ...error.instancePath.slice(1).split('/').filter(Boolean)];
  if (error.keyword === 'required') path.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') path.push(String(error.params.additionalProperty));
  const field = path.join('.') || location;
  return { field, rule: ruleOf(error), message: messageOf(error, field) };
};

/**
 * The contract's `validation_failed`: the first problem in `details.field` and `details.rule`;
 * when there are more, all of them (at most 20) in `details.problems`. A union (`anyOf`) reports
 * each branch: its wrapping error, and a branch's wrong `type` beside another branch's real
 * problem with the same field, say nothing more and are left out.
 */
const toDomainError = (errors: readonly ErrorObject[], location: string, at: string | undefined): DomainError => {
  const found = errors.filter((error) => error.keyword !== 'anyOf' || errors.length === 1).map((error) => problemOf(error, location, at));
  const problems: Problem[] = [];
  for (const problem of found) {
    const masked = problem.rule === 'type' && found.some((other) => other.field === problem.field && other.rule !== 'type');
    if (masked || problems.some((known) => known.field === problem.field && known.rule === problem.rule)) continue;
    problems.push(problem);
    if (problems.length === MAX_PROBLEMS) break;
  }
  const [first] = problems;
  if (!first) return validationFailed(at ?? location, 'schema');
  const refused = validationFailed(first.field, first.rule, first.message);
  if (problems.length > 1) Object.assign(refused.details, { problems });
  return refused;
};

/**
 * A query parameter the route does not take is refused by name, never ignored; except where the
 * route declares it takes others (`additionalProperties: true`): an identity provider's redirect
 * adds parameters of its own (`iss`, `session_state`).
 */
const assertKnownParameters = (schema: TSchema, query: Record<string, unknown>): void => {
  if ((schema as { additionalProperties?: unknown }).additionalProperties === true) return;
  const known = (schema as { properties?: Record<string, unknown> }).properties ?? {};
  for (const name of Object.keys(query)) {
    if (!Object.hasOwn(known, name)) {
      const takes = Object.keys(known);
      throw validationFailed(
        name,
        'unknown_parameter',
        `'${name}' is not a parameter of this route${takes.length > 0 ? `; it takes ${takes.join(', ')}` : ''}.`,
      );
    }
  }
};

/**
 * A body that takes one of several shapes (`anyOf` of objects) is checked against the shape it
 * chose: the first whose required fields it carries, else the first. Its problems are then that
 * shape's alone, not every shape's.
 */
const chosenShape = (schema: TSchema, value: unknown): TSchema => {
  const shapes = (schema as { anyOf?: readonly TSchema[] }).anyOf;
  if (!shapes?.every((shape) => shape.type === 'object') || !value || typeof value !== 'object' || Array.isArray(value)) return schema;
  return shapes.find((shape) => ((shape.required as string[] | undefined) ?? []).every((name) => Object.hasOwn(value, name))) ?? shapes[0] ?? schema;
};

/**
 * Validates (and, for query strings, coerces) a value in place; throws `validation_failed`. Every
 * input check of the HTTP edge happens here, in this order: no string anywhere carries control or
 * bidi-override characters or unpaired surrogates; text fields are trimmed; then the schema, with
 * real calendar dates, exact two-decimal money under its maximum, and single-line text. `at`
 * names the value's place in the body when a part is checked on its own (a template's `data`).
 */
export const validate = (given: TSchema, value: unknown, location: 'body' | 'query' | 'params', at?: string): void => {
  const schema = location === 'body' ? chosenShape(given, value) : given;
  const found = firstUnsafeString(value);
  const unsafe = found === null ? null : [at, found].filter(Boolean).join('.');
  if (unsafe !== null) throw validationFailed(unsafe || location, 'text', `'${unsafe || location}' ${UNSAFE_MESSAGE}.`);
  if (location === 'query') assertKnownParameters(schema, value as Record<string, unknown>);
  trimTextFields(schema, value);
  let check = compiled.get(schema);
  if (!check) {
    check = (location === 'body' ? strictBodies : coercingQueries).compile(schema);
    compiled.set(schema, check);
  }
  if (!check(value)) throw toDomainError(check.errors ?? [], location, at);
};
