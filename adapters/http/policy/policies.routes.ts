import type { RecordAccess } from '../../../ports/authorization/record-access.use-case.ts';
import { coverageFrom, CoverageRequestSchema } from '../underwriting/coverage.views.ts';
import { visibleAmong } from '../shared/record-scope.ts';
import { Type } from '@sinclair/typebox';
import { queryWords } from '../../../core/shared/search-words.ts';
import { INSTALLMENT_PLANS } from '../../../core/billing/installment-plan.ts';
import { CANCELLATION_REASONS, POLICY_STATUSES } from '../../../core/policy/policy.ts';
import { CANCELLATION_METHODS } from '../../../core/policy/premium.ts';
import { dollarsToCents } from '../../../core/shared/money.ts';
import { LINES_OF_BUSINESS, US_STATES } from '../../../core/shared/reference-data.ts';
import type { PolicyLifecycle } from '../../../ports/policy/policy-lifecycle.use-case.ts';
import type { PolicyPremium } from '../../../ports/policy/policy-premium.use-case.ts';
import { IdParams, OrgIdQuery, PageQuery, pageOf, OneOf, DateOnly, LongText, Money, Text } from '../shared/common.schemas.ts';
import { mapPage } from '../../../ports/shared/persistence/page.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';
import { PolicySchema, TransactionSchema, viewPolicy, viewTransaction } from './policy.views.ts';
import { OrganizationPremiumSchema, PremiumReportSchema, viewOrganizationPremium, viewPremiumReport } from './premium.views.ts';

const Scoped = Type.Object(OrgIdQuery);
const lifecycle = {
  tags: ['policies'],
  permission: 'policies:write' as const,
  params: IdParams,
  query: Scoped,
  errors: ['invalid_transition' as const, 'conflict' as const],
};

const Endorse = Type.Object(
  {
    effectiveDate: DateOnly,
    changes: Type.Object(
      {
        requestedLimit: Type.Optional(Money()),
        annualRevenue: Type.Optional(Money()),
        state: Type.Optional(OneOf(US_STATES)),
        naicsCode: Type.Optional(Type.String({ pattern: '^\\d{2,6}$', examples: ['238220'] })),
        coverage: Type.Optional(CoverageRequestSchema),
      },
      { additionalProperties: false, minProperties: 1 },
    ),
    description: Type.Optional(LongText({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);

export const policyRoutes = (policies: PolicyLifecycle, premium: PolicyPremium, records: RecordAccess): RouteDefinition[] => [
  defineRoute({
    method: 'GET',
    path: '/v1/policies',
    operationId: 'listPolicies',
    summary:
      "List policies, newest first (`orgId` with the machine secret). Filters combine with AND: `q` (search: every word, of at least 2 letters or digits, must begin a word of the insured's name or of the policy number, case and accents ignored; at most 8 words; a search matching more than 2,000 policies is 400 `validation_failed` with rule `too_broad`), `insuredName` (the whole name, case ignored), `policyNumber`, `producerId`, `state` (the risk's), `lineOfBusiness`, `status`, `effectiveFrom` and `effectiveTo` (inclusive). Any other parameter is 400 naming it.",
    tags: ['policies'],
    permission: 'policies:read',
    query: Type.Object({
      ...PageQuery,
      ...OrgIdQuery,
      status: Type.Optional(OneOf(POLICY_STATUSES)),
      q: Type.Optional(
        Text({
          minLength: 2,
          maxLength: 200,
          examples: ['blue pipe'],
          description: "Words that each begin a word of the insured's name or of the policy number.",
        }),
      ),
      insuredName: Type.Optional(Text({ minLength: 1, maxLength: 200 })),
      policyNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
      producerId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
      state: Type.Optional(OneOf(US_STATES)),
      lineOfBusiness: Type.Optional(OneOf(LINES_OF_BUSINESS)),
      effectiveFrom: Type.Optional(DateOnly),
      effectiveTo: Type.Optional(DateOnly),
    }),
    responses: { 200: { description: 'A page of policies.', schema: pageOf(PolicySchema) } },
    handler: async (context) => {
      const { orgId, cursor, limit, q, ...filters } = context.query;
      const scope = orgScope(context, orgId);
      const defined = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
      const words = q === undefined ? {} : { words: queryWords(q) };
      const result = await policies.list(scope, { ...defined, ...words, ...(await visibleAmong(records, context, scope, 'policy')) }, { cursor, limit });
      return { status: 200, body: mapPage(result, viewPolicy) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/policies/:id',
    record: { type: 'policy', relation: 'viewer' },
    operationId: 'getPolicy',
    summary: 'A policy.',
    tags: ['policies'],
    permission: 'policies:read',
    params: IdParams,
    query: Scoped,
    responses: { 200: { description: 'The policy.', schema: PolicySchema } },
    handler: async (context) => ({ status: 200, body: viewPolicy(await policies.get(orgScope(context, context.query.orgId), context.params.id)) }),
  }),
  defineRoute({
    ...lifecycle,
    method: 'POST',
    path: '/v1/policies/:id/endorse',
    record: { type: 'policy', relation: 'editor' },
    operationId: 'endorsePolicy',
    summary:
      'Mid-term endorsement: the changed risk is re-rated and the difference prorated daily over the rest of the term. An endorsement effective before one already applied is refused with 422 `out_of_sequence` (it is not re-priced).',
    body: Endorse,
    errors: [...lifecycle.errors, 'not_bindable', 'out_of_sequence'],
    responses: { 201: { description: 'The endorsement.', schema: TransactionSchema } },
    handler: async (context) => {
      const { requestedLimit, annualRevenue, coverage, ...changes } = context.body.changes;
      const endorsement = await policies.endorse(context.principal, orgScope(context, context.query.orgId), context.params.id, {
        effectiveDate: context.body.effectiveDate,
        changes: {
          ...changes,
          ...(requestedLimit !== undefined ? { requestedLimit: dollarsToCents(requestedLimit, 'changes.requestedLimit') } : {}),
          ...(annualRevenue !== undefined ? { annualRevenue: dollarsToCents(annualRevenue, 'changes.annualRevenue') } : {}),
          ...(coverage ? { coverage: coverageFrom(coverage, 'changes.coverage.') } : {}),
        },
        ...(context.body.description ? { description: context.body.description } : {}),
      });
      return { status: 201, body: viewTransaction(endorsement) };
    },
  }),
  defineRoute({
    ...lifecycle,
    method: 'POST',
    path: '/v1/policies/:id/cancel',
    record: { type: 'policy', relation: 'editor' },
    operationId: 'cancelPolicy',
    summary:
      'Cancel within the term, returning what the premium history left unearned: pro rata, short rate (the insured-request default: the standard short-rate table) or flat (at inception only, else 422 `flat_cancellation_after_inception`). Insured-requested cancellations keep at least the program’s minimum earned premium. Unpaid installments due from the date are voided and one adjustment brings billing to the premium kept.',
    errors: [...lifecycle.errors, 'flat_cancellation_after_inception', 'claims_in_period', 'forbidden'],
    body: Type.Object(
      {
        effectiveDate: DateOnly,
        reason: OneOf(CANCELLATION_REASONS),
        method: Type.Optional(OneOf(CANCELLATION_METHODS)),
        override: Type.Optional(
          Type.Object(
            { reason: Text({ minLength: 1, maxLength: 1000 }) },
            {
              additionalProperties: false,
              description:
                'Cancel although losses are reported on or after `effectiveDate` (else 422 `claims_in_period` naming them): an underwriter or organization administrator only, with the reason the audit log keeps.',
            },
          ),
        ),
      },
      { additionalProperties: false },
    ),
    responses: { 200: { description: 'The cancelled policy.', schema: PolicySchema } },
    handler: async (context) => ({
      status: 200,
      body: viewPolicy(await policies.cancel(context.principal, orgScope(context, context.query.orgId), context.params.id, context.body)),
    }),
  }),
  defineRoute({
    ...lifecycle,
    method: 'POST',
    path: '/v1/policies/:id/reinstate',
    record: { type: 'policy', relation: 'editor' },
    operationId: 'reinstatePolicy',
    summary: 'Reinstate a cancelled policy within 30 days of its cancellation.',
    description: 'Reinstate a cancelled policy within 30 days of the day the cancellation was made, writing back exactly the premium it returned.',
    body: Type.Object({}, { additionalProperties: false }),
    errors: [...lifecycle.errors, 'not_bindable'],
    responses: { 200: { description: 'The reinstated policy.', schema: PolicySchema } },
    handler: async (context) => ({
      status: 200,
      body: viewPolicy(await policies.reinstate(context.principal, orgScope(context, context.query.orgId), context.params.id)),
    }),
  }),
  defineRoute({
    ...lifecycle,
    method: 'POST',
    path: '/v1/policies/:id/renew',
    record: { type: 'policy', relation: 'editor' },
    operationId: 'renewPolicy',
    summary: 'Renew into a new policy for the next term, re-rated, linked both ways.',
    body: Type.Object({ installmentPlan: Type.Optional(OneOf(INSTALLMENT_PLANS)) }, { additionalProperties: false }),
    errors: [...lifecycle.errors, 'not_bindable'],
    responses: { 201: { description: 'The renewal policy.', schema: PolicySchema } },
    handler: async (context) => ({
      status: 201,
      body: viewPolicy(await policies.renew(context.principal, orgScope(context, context.query.orgId), context.params.id, context.body.installmentPlan)),
    }),
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/policies/:id/timeline',
    record: { type: 'policy', relation: 'viewer' },
    operationId: 'policyTimeline',
    summary: 'Every transaction of the policy with its date, actor and premium delta, oldest first.',
    tags: ['policies'],
    permission: 'policies:read',
    params: IdParams,
    query: Scoped,
    responses: {
      200: {
        description: 'The timeline.',
        schema: Type.Object({ data: Type.Array(TransactionSchema) }, { $id: 'PolicyTimeline', description: 'A policy’s transactions, oldest first.' }),
      },
    },
    handler: async (context) => ({
      status: 200,
      body: { data: (await policies.timeline(orgScope(context, context.query.orgId), context.params.id)).map(viewTransaction) },
    }),
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/policies/:id/premium',
    record: { type: 'policy', relation: 'viewer' },
    operationId: 'policyPremium',
    summary: 'Written, earned, unearned, billed and collected premium as of a date (today by default), with the premium transactions.',
    tags: ['policies'],
    permission: 'policies:read',
    params: IdParams,
    query: Type.Object({ ...OrgIdQuery, asOf: Type.Optional(DateOnly) }),
    responses: { 200: { description: 'The premium as of the date.', schema: PremiumReportSchema } },
    handler: async (context) => ({
      status: 200,
      body: viewPremiumReport(await premium.asOf(orgScope(context, context.query.orgId), context.params.id, context.query.asOf)),
    }),
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/reports/premium',
    operationId: 'organizationPremium',
    summary: "The organization's written, earned and unearned premium as of a date (today by default), in all and by line of business.",
    description:
      'Summed over every policy term from its premium transactions, the same figures `GET /v1/policies/:id/premium` reports for one policy: what a carrier’s premium bordereau and the unearned premium reserve are built from. Like every report, it answers only to roles that see the whole book’s money (`ledger:read`).',
    tags: ['policies'],
    permission: 'ledger:read',
    query: Type.Object({ ...OrgIdQuery, asOf: Type.Optional(DateOnly) }),
    responses: { 200: { description: 'The premium as of the date.', schema: OrganizationPremiumSchema } },
    handler: async (context) => ({
      status: 200,
      body: viewOrganizationPremium(await premium.organizationAsOf(orgScope(context, context.query.orgId), context.query.asOf)),
    }),
  }),
];
