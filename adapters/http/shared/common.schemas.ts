import { US_STATES } from '../../../core/shared/reference-data.ts';
import { Type, type TSchema } from '@sinclair/typebox';
import { ERROR_CODES } from '../../../core/shared/error-catalog.ts';
import { MAX_PAGE_SIZE } from '../../../ports/shared/persistence/page.ts';
import { MAX_DOLLARS } from '../../../core/shared/money.ts';

export const ErrorBodySchema = Type.Object(
  {
    error: Type.Union(
      ERROR_CODES.map((code) => Type.Literal(code)),
      { description: 'Stable machine-readable code.' },
    ),
    message: Type.String({ description: 'Human-readable explanation.' }),
    details: Type.Record(Type.String(), Type.Unknown(), {
      description: 'For validation failures: `field` and `rule`. For 429: `retryAfter` seconds.',
    }),
    requestId: Type.String({ description: 'Also sent as X-Request-Id; quote it in support tickets.' }),
  },
  { $id: 'ErrorBody', description: 'Every error answer: a stable code, a message for people, details and the request id.' },
);

export const PageQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 50, description: 'Page size.' })),
  cursor: Type.Optional(Type.String({ minLength: 1, description: 'Opaque cursor from a previous page (`nextCursor`).' })),
};

/** Reads by the machine secret or a superadmin name the organization they act on. */
export const OrgIdQuery = {
  orgId: Type.Optional(Type.String({ minLength: 1, description: 'Organization acted on; required with the machine secret.' })),
};

export const ListQuery = Type.Object({ ...PageQuery, ...OrgIdQuery });

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 128 }) });

/** A schema named in the OpenAPI description (`components.schemas`), with what it is. */
export const named = <T extends TSchema>(name: string, description: string, schema: T): T => ({ ...schema, $id: name, description });

/** Every record of a short list at once, `{ data }` (not paged); named after its item (`Flag` → `FlagCollection`). */
export const collectionOf = (item: TSchema) => {
  const name = (item as { $id?: unknown }).$id;
  return Type.Object({ data: Type.Array(item) }, typeof name === 'string' ? { $id: `${name}Collection`, description: `Every ${name} record, not paged.` } : {});
};

/** A page of a list; a page of a named resource is named too (`Policy` → `PolicyList`). */
export const pageOf = (item: TSchema) => {
  const name = (item as { $id?: unknown }).$id;
  return Type.Object(
    {
      data: Type.Array(item),
      nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as `cursor` for the next page; null on the last.' }),
    },
    typeof name === 'string' ? { $id: `${name}List`, description: `A page of ${name} records, newest first.` } : {},
  );
};

export const Timestamp = (description?: string) => Type.String({ format: 'date-time', ...(description ? { description } : {}) });

export const Email = Type.String({ format: 'email', maxLength: 254 });

/** One of a list of string values, typed as that union. */
export const OneOf = <T extends string>(values: readonly T[], options: { description?: string } = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });

export const DateOnly = Type.String({ format: 'date', description: 'YYYY-MM-DD, a real calendar date from 1900-01-01 to 2999-12-31.' });

/** A calendar month, `YYYY-MM`, from 1900-01 to 2999-12. */
export const MONTH_PATTERN = '^(19[0-9]{2}|2[0-9]{3})-(0[1-9]|1[0-2])$';
export const MonthOnly = Type.String({ pattern: MONTH_PATTERN, description: 'YYYY-MM, from 1900-01 to 2999-12.', examples: ['2027-01'] });

/**
 * Dollars as a JSON number: at most two decimals (checked on the digits sent, not on binary
 * fractions) and at most MAX_DOLLARS. Converted to integer cents by `dollarsToCents`.
 */
export const Money = (options: { readonly exclusiveMinimum?: number; readonly minimum?: number; readonly description?: string } = { exclusiveMinimum: 0 }) =>
  Type.Number({
    ...options,
    maximum: MAX_DOLLARS,
    'x-money': true,
    description: `${options.description ? `${options.description} ` : ''}Dollars, at most two decimals, at most ${MAX_DOLLARS.toLocaleString('en-US')}.`,
  });

/** One line of human text (a name, a reference): trimmed before its length is checked; no control or bidi-override characters. */
export const Text = (options: { readonly minLength?: number; readonly maxLength: number; readonly description?: string; readonly examples?: string[] }) =>
  Type.String({ ...options, 'x-text': 'line' });

/** Multi-line human text (a description, a note): as `Text`, but tabs and line breaks are kept. */
export const LongText = (options: { readonly minLength?: number; readonly maxLength: number; readonly description?: string }) =>
  Type.String({ ...options, 'x-text': 'block' });

/** An amount in a response: dollars, converted from cents by the view. */
export const Dollars = Type.Number({ description: 'Dollars.' });

/** A response field that may be null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A US postal address, as the portal profile takes it too. */
export const PostalAddressSchema = Type.Object(
  {
    line1: Text({ minLength: 1, maxLength: 200 }),
    line2: Type.Optional(Text({ minLength: 1, maxLength: 200 })),
    city: Text({ minLength: 1, maxLength: 100 }),
    state: OneOf(US_STATES),
    postalCode: Type.String({ pattern: '^[0-9]{5}(-[0-9]{4})?$', description: 'A US ZIP code: 12345 or 12345-6789.', examples: ['94612'] }),
  },
  { additionalProperties: false },
);
