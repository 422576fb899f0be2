import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { centsToDollars, dollarsToCents } from '../../../core/shared/money.ts';
import { AI_OPERATIONS, COVERAGE_TRIGGERS, LIMIT_FIELDS, type CoverageOptions, type LiabilityLimits } from '../../../core/underwriting/coverage-options.ts';
import { DateOnly, Money, named, Nullable, OneOf, PostalAddressSchema, Text } from '../shared/common.schemas.ts';

const additionalInsured = <A extends TSchema>(address: A) =>
  Type.Object(
    {
      name: Text({ minLength: 1, maxLength: 200 }),
      address,
      relationship: Text({ minLength: 1, maxLength: 100, examples: ['general contractor', 'landlord'] }),
      operations: OneOf(AI_OPERATIONS, { description: 'For the insured’s ongoing operations (CG 20 10), completed operations (CG 20 37), or both.' }),
    },
    { additionalProperties: false },
  );

/** An address as answered: what was sent, checked then. */
export const ShownAddressSchema = Type.Object({
  line1: Type.String(),
  line2: Type.Optional(Type.String()),
  city: Type.String(),
  state: Type.String(),
  postalCode: Type.String(),
});

const fields = <A extends TSchema>(address: A) => ({
  trigger: Type.Optional(OneOf(COVERAGE_TRIGGERS, { description: 'Default occurrence.' })),
  retroactiveDate: Type.Optional(DateOnly),
  limits: Type.Optional(
    Type.Object(
      Object.fromEntries(LIMIT_FIELDS.map((limit) => [limit, Money({ exclusiveMinimum: 0, description: 'Dollars.' })])) as Record<
        (typeof LIMIT_FIELDS)[number],
        ReturnType<typeof Money>
      >,
      {
        additionalProperties: false,
        description: 'The general liability limits schedule; `eachOccurrence` equals `requestedLimit`.',
      },
    ),
  ),
  deductible: Type.Optional(Money({ minimum: 0, description: 'Dollars per occurrence.' })),
  additionalInsureds: Type.Optional(Type.Array(additionalInsured(address), { maxItems: 50 })),
  waiverOfSubrogation: Type.Optional(
    Nullable(
      Type.Object(
        {
          blanket: Type.Boolean({ description: 'Waived wherever a written contract made before the loss asks for it.' }),
          parties: Type.Array(Text({ minLength: 1, maxLength: 200 }), { maxItems: 50, description: 'Those it is waived against by name.' }),
        },
        { additionalProperties: false },
      ),
    ),
  ),
  primaryNonContributory: Type.Optional(Type.Boolean()),
});

/** Coverage options as a request sends them (CONTRACT 18.11, dollars). */
export const CoverageRequestSchema = Type.Object(fields(PostalAddressSchema), {
  additionalProperties: false,
  description: 'What a certificate holder asks for; forms follow it (GET /v1/forms). All optional; in an endorsement it replaces the coverage options whole.',
});

/** Coverage options as the API shows them (dollars). */
export const CoverageSchema = named(
  'Coverage',
  'The coverage options on the risk (CONTRACT 18.11), money in dollars.',
  Type.Object(fields(ShownAddressSchema)),
);

type CoverageRequest = Static<typeof CoverageRequestSchema>;

/** A request's coverage options in cents, each amount checked as money. */
export const coverageFrom = (body: CoverageRequest, prefix: string): CoverageOptions => {
  const { limits, deductible, waiverOfSubrogation, additionalInsureds, ...rest } = body;
  return {
    ...rest,
    ...(limits
      ? {
          limits: Object.fromEntries(
            LIMIT_FIELDS.map((limit) => [limit, dollarsToCents(limits[limit], `${prefix}limits.${limit}`)]),
          ) as unknown as LiabilityLimits,
        }
      : {}),
    ...(deductible !== undefined ? { deductible: dollarsToCents(deductible, `${prefix}deductible`) } : {}),
    ...(additionalInsureds ? { additionalInsureds } : {}),
    ...(waiverOfSubrogation !== undefined ? { waiverOfSubrogation } : {}),
  };
};

/** Coverage options in dollars. */
export const viewCoverage = (coverage: CoverageOptions): Static<typeof CoverageSchema> => {
  const { limits, deductible, additionalInsureds, waiverOfSubrogation, ...rest } = coverage;
  return {
    ...rest,
    ...(limits
      ? { limits: Object.fromEntries(LIMIT_FIELDS.map((limit) => [limit, centsToDollars(limits[limit])])) as Record<(typeof LIMIT_FIELDS)[number], number> }
      : {}),
    ...(deductible !== undefined ? { deductible: centsToDollars(deductible) } : {}),
    ...(additionalInsureds ? { additionalInsureds: additionalInsureds.map((insured) => ({ ...insured, address: { ...insured.address } })) } : {}),
    ...(waiverOfSubrogation !== undefined
      ? { waiverOfSubrogation: waiverOfSubrogation && { blanket: waiverOfSubrogation.blanket, parties: [...waiverOfSubrogation.parties] } }
      : {}),
  };
};
