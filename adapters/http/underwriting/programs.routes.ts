import { Type, type Static } from '@sinclair/typebox';
import { centsToDollars, dollarsToCents } from '../../../core/shared/money.ts';
import { PROGRAM_STATUSES, type DaProgram } from '../../../core/underwriting/delegated-authority.ts';
import { collectionTermsOf, type CollectionTerms, type ProgramTerms } from '../../../core/underwriting/program-terms.ts';
import { LINES_OF_BUSINESS, US_STATES } from '../../../core/shared/reference-data.ts';
import { mapPage } from '../../../ports/shared/persistence/page.ts';
import type { Programs } from '../../../ports/underwriting/programs.use-case.ts';
import { IdParams, Money, Nullable, OneOf, OrgIdQuery, PageQuery, pageOf, Text, Timestamp } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';
import { isoInstant } from '../../../core/shared/iso-instant.ts';

const Insurer = Type.Object(
  {
    name: Text({ minLength: 1, maxLength: 200 }),
    naic: Type.String({ pattern: '^[0-9]{5}$', description: 'NAIC company code, five digits.', examples: ['10562'] }),
  },
  { additionalProperties: false },
);

const TERMS = {
  name: Text({ minLength: 1, maxLength: 200 }),
  status: OneOf(PROGRAM_STATUSES, { description: 'A suspended program writes no new business; its policies run their terms.' }),
  maxLimitPerRisk: Money({ exclusiveMinimum: 0, description: 'Highest limit per risk, dollars.' }),
  maxPremiumPerRisk: Money({ exclusiveMinimum: 0, description: 'Highest premium per risk, dollars.' }),
  allowedStates: Nullable(Type.Array(OneOf(US_STATES), { minItems: 1, maxItems: US_STATES.length, description: 'Null: every state.' })),
  allowedLines: Nullable(Type.Array(OneOf(LINES_OF_BUSINESS), { minItems: 1, maxItems: LINES_OF_BUSINESS.length, description: 'Null: every line.' })),
  excludedNaics: Type.Array(Type.String({ pattern: '^[0-9]{2,6}$', examples: ['4841'] }), {
    maxItems: 200,
    description: 'NAICS code prefixes the program excludes.',
  }),
  aggregateCap: Money({ exclusiveMinimum: 0, description: 'Written premium allowed per calendar year, dollars.' }),
  minimumEarnedPremiumPercent: Type.Number({ minimum: 0, maximum: 100, description: 'Kept at least when the insured asks to cancel.' }),
  policyFee: Money({ minimum: 0, description: 'Charged per term on its own invoice line, dollars.' }),
  surplusLines: Type.Boolean({ description: "Charges the home state's surplus lines tax and stamping fee." }),
  rateTableVersion: Nullable(Type.String({ minLength: 1, maxLength: 40, description: 'Null: the version in force on the effective date.' })),
  insurer: Insurer,
  graceDays: Type.Integer({ minimum: 0, maximum: 90, description: 'Days after a due date before an unpaid installment is past due (default 10).' }),
  delinquencyMinimum: Money({ minimum: 0, description: 'Dollars past due below which no notice of cancellation goes out (default 5).' }),
  renewalOfferDays: Type.Integer({ minimum: 1, maximum: 180, description: 'Days before expiry a renewal is offered (default 60).' }),
};

const ProgramSchema = Type.Object(
  {
    id: Type.String(),
    orgId: Nullable(Type.String({ description: "Null for the platform's own programs." })),
    version: Type.Integer({ description: 'Rises on every change; quotes and policies keep the version they were written under.' }),
    ...TERMS,
    createdAt: Nullable(Timestamp()),
    updatedAt: Nullable(Timestamp()),
  },
  { $id: 'Program', description: 'A program: the carrier’s delegated authority for a line of business (rates, limits, states, caps).' },
);

const CreateBody = Type.Object(
  {
    ...TERMS,
    status: Type.Optional(TERMS.status),
    rateTableVersion: Type.Optional(TERMS.rateTableVersion),
    policyFee: Type.Optional(TERMS.policyFee),
    surplusLines: Type.Optional(TERMS.surplusLines),
    excludedNaics: Type.Optional(TERMS.excludedNaics),
    graceDays: Type.Optional(TERMS.graceDays),
    delinquencyMinimum: Type.Optional(TERMS.delinquencyMinimum),
    renewalOfferDays: Type.Optional(TERMS.renewalOfferDays),
  },
  { additionalProperties: false },
);
const PatchBody = Type.Partial(Type.Object(TERMS), { additionalProperties: false, minProperties: 1 });

const viewCollectionTerms = (terms: CollectionTerms) => ({ ...terms, delinquencyMinimum: centsToDollars(terms.delinquencyMinimum) });

const view = (program: DaProgram & { createdAt?: Date; updatedAt?: Date }): Static<typeof ProgramSchema> => ({
  id: program.id,
  orgId: program.orgId,
  version: program.version,
  name: program.name,
  status: program.status,
  maxLimitPerRisk: centsToDollars(program.maxLimitPerRisk),
  maxPremiumPerRisk: centsToDollars(program.maxPremiumPerRisk),
  allowedStates: program.allowedStates ? ([...program.allowedStates] as (typeof US_STATES)[number][]) : null,
  allowedLines: program.allowedLines ? [...program.allowedLines] : null,
  excludedNaics: [...program.excludedNaics],
  aggregateCap: centsToDollars(program.aggregateCap),
  minimumEarnedPremiumPercent: program.minimumEarnedPremiumPercent,
  policyFee: centsToDollars(program.policyFee),
  surplusLines: program.surplusLines,
  rateTableVersion: program.rateTableVersion,
  insurer: program.insurer,
  ...viewCollectionTerms(collectionTermsOf(program)),
  createdAt: program.createdAt ? isoInstant(program.createdAt) : null,
  updatedAt: program.updatedAt ? isoInstant(program.updatedAt) : null,
});

/** Dollar fields to cents; the fields a change leaves out stay out. */
const termsOf = (body: Partial<Static<typeof PatchBody>>): Partial<ProgramTerms> => {
  const money = (field: 'maxLimitPerRisk' | 'maxPremiumPerRisk' | 'aggregateCap' | 'policyFee' | 'delinquencyMinimum') =>
    body[field] === undefined ? {} : { [field]: dollarsToCents(body[field], field) };
  return {
    ...body,
    ...money('maxLimitPerRisk'),
    ...money('maxPremiumPerRisk'),
    ...money('aggregateCap'),
    ...money('policyFee'),
    ...money('delinquencyMinimum'),
  } as Partial<ProgramTerms>;
};

/** Delegated-authority programs per organization, set by the platform operator. */
export const programRoutes = (programs: Programs): RouteDefinition[] => [
  defineRoute({
    method: 'GET',
    path: '/v1/programs',
    operationId: 'listPrograms',
    summary: "The organization's programs, newest first. Without an active one of its own, it writes under the platform program `default`.",
    tags: ['programs'],
    permission: 'programs:read',
    query: Type.Object({ ...PageQuery, ...OrgIdQuery, status: Type.Optional(OneOf(PROGRAM_STATUSES)) }),
    responses: { 200: { description: 'A page of programs.', schema: pageOf(ProgramSchema) } },
    handler: async (context) => {
      const { orgId, status, ...page } = context.query;
      return { status: 200, body: mapPage(await programs.list(orgScope(context, orgId), status ? { status } : {}, page), view) };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/programs',
    operationId: 'createProgram',
    summary:
      "Create a program for the organization (`orgId`); `status` defaults to active, `policyFee` to 0, `surplusLines` to false, `excludedNaics` to none, `rateTableVersion` to null. New quotes take its first active program covering the risk's state and line, else its first active program (whose flags say why).",
    tags: ['programs'],
    permission: 'programs:write',
    query: Type.Object(OrgIdQuery),
    body: CreateBody,
    responses: { 201: { description: 'The program, version 1.', schema: ProgramSchema } },
    handler: async (context) => {
      const terms: Static<typeof PatchBody> = {
        status: 'active',
        rateTableVersion: null,
        policyFee: 0,
        surplusLines: false,
        excludedNaics: [],
        ...context.body,
      };
      const program = await programs.create(context.principal, orgScope(context, context.query.orgId), termsOf(terms) as ProgramTerms);
      return { status: 201, body: view(program) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/programs/:id',
    operationId: 'getProgram',
    summary: "One of the organization's programs, or a platform program (`default`, `excess-and-surplus`).",
    tags: ['programs'],
    permission: 'programs:read',
    params: IdParams,
    query: Type.Object(OrgIdQuery),
    responses: { 200: { description: 'The program.', schema: ProgramSchema } },
    handler: async (context) => ({ status: 200, body: view(await programs.get(orgScope(context, context.query.orgId), context.params.id)) }),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/v1/programs/:id',
    operationId: 'updateProgram',
    summary:
      'Change terms: a new version for what is written from now on. Bound policies keep the terms of their version (minimum earned premium, insurer); caps and authority apply at once.',
    tags: ['programs'],
    permission: 'programs:write',
    params: IdParams,
    query: Type.Object(OrgIdQuery),
    body: PatchBody,
    responses: { 200: { description: 'The program at its new version.', schema: ProgramSchema } },
    handler: async (context) => ({
      status: 200,
      body: view(await programs.update(context.principal, orgScope(context, context.query.orgId), context.params.id, termsOf(context.body))),
    }),
  }),
];
