import { Type } from '@sinclair/typebox';
import { CLAIM_STATUSES } from '../../../core/claims/claim.ts';
import { dollarsToCents } from '../../../core/shared/money.ts';
import type { RecordAccess } from '../../../ports/authorization/record-access.use-case.ts';
import type { ClaimSettlements } from '../../../ports/claims/claim-settlements.use-case.ts';
import type { Claims } from '../../../ports/claims/claims.use-case.ts';
import { mapPage } from '../../../ports/shared/persistence/page.ts';
import { queryWords } from '../../../core/shared/search-words.ts';
import { DateOnly, Email, IdParams, LongText, Money, OneOf, OrgIdQuery, PageQuery, pageOf, Text } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { visibleAmong } from '../shared/record-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';
import { ClaimSchema, SettlementSchema, viewClaim, viewSettlement } from './claims.views.ts';

const Scoped = Type.Object(OrgIdQuery);
const onClaim = { tags: ['claims'], params: IdParams, query: Scoped, record: { type: 'claim' as const, relation: 'editor' as const } };
const claimAnswer = { 200: { description: 'The claim.', schema: ClaimSchema } };

const FirstNotice = Type.Object(
  {
    policyId: Type.String({ minLength: 1, maxLength: 128 }),
    lossDate: DateOnly,
    description: LongText({ minLength: 1, maxLength: 5000 }),
    lossType: Type.Optional(Text({ minLength: 1, maxLength: 100 })),
    claimant: Type.Optional(
      Type.Object(
        { name: Text({ minLength: 1, maxLength: 200 }), email: Type.Optional(Email), phone: Type.Optional(Text({ minLength: 3, maxLength: 32 })) },
        { additionalProperties: false },
      ),
    ),
    location: Type.Optional(Text({ minLength: 1, maxLength: 500 })),
    estimatedAmount: Type.Optional(Money({ minimum: 0 })),
  },
  { additionalProperties: false },
);

/** Claims: first notice of loss, investigation, reserves, settlement with approval, denial and closing. */
export const claimRoutes = (claims: Claims, settlements: ClaimSettlements, records: RecordAccess): RouteDefinition[] => [
  defineRoute({
    method: 'POST',
    path: '/v1/claims',
    operationId: 'fileClaim',
    summary: 'First notice of loss on a policy of the organization; a loss outside the covered period is 422 `loss_outside_coverage`.',
    tags: ['claims'],
    permission: 'claims:write',
    query: Scoped,
    body: FirstNotice,
    errors: ['loss_outside_coverage'],
    responses: { 201: { description: 'The claim, `open`; `claim.filed` and `claim.opened` are emitted.', schema: ClaimSchema } },
    handler: async (context) => {
      const { estimatedAmount, claimant, ...notice } = context.body;
      const claim = await claims.file(context.principal, orgScope(context, context.query.orgId), {
        ...notice,
        ...(claimant ? { claimant: { name: claimant.name, email: claimant.email ?? null, phone: claimant.phone ?? null } } : {}),
        ...(estimatedAmount !== undefined ? { estimatedAmount: dollarsToCents(estimatedAmount, 'estimatedAmount') } : {}),
      });
      return { status: 201, body: viewClaim(claim) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/claims',
    operationId: 'listClaims',
    summary:
      "List claims, newest first; filter by status, adjuster and policy, and search by `q` (every word, of at least 2 letters or digits, must begin a word of the claim number, the policy number or the insured's name; more than 2,000 matches is 400 `validation_failed` with rule `too_broad`). An adjuster sees the claims assigned to it.",
    tags: ['claims'],
    permission: 'claims:read',
    query: Type.Object({
      ...PageQuery,
      ...OrgIdQuery,
      status: Type.Optional(OneOf(CLAIM_STATUSES)),
      adjusterId: Type.Optional(Type.String({ maxLength: 128 })),
      policyId: Type.Optional(Type.String({ maxLength: 128 })),
      q: Type.Optional(
        Text({
          minLength: 2,
          maxLength: 200,
          examples: ['blue'],
          description: "Words that each begin a word of the claim number, the policy number or the insured's name.",
        }),
      ),
    }),
    responses: { 200: { description: 'A page of claims.', schema: pageOf(ClaimSchema) } },
    handler: async (context) => {
      const { orgId, status, adjusterId, policyId, q, ...page } = context.query;
      const scope = orgScope(context, orgId);
      const filters = {
        ...(status ? { status } : {}),
        ...(adjusterId ? { adjusterId } : {}),
        ...(policyId ? { policyId } : {}),
        ...(q === undefined ? {} : { words: queryWords(q) }),
      };
      const result = await claims.list(scope, { ...filters, ...(await visibleAmong(records, context, scope, 'claim')) }, page);
      return { status: 200, body: mapPage(result, viewClaim) };
    },
  }),
  defineRoute({
    ...onClaim,
    record: { type: 'claim', relation: 'viewer' },
    method: 'GET',
    path: '/v1/claims/:id',
    operationId: 'getClaim',
    summary: 'A claim with its reserves, their history, payments and settlements.',
    permission: 'claims:read',
    responses: claimAnswer,
    handler: async (context) => ({ status: 200, body: viewClaim(await claims.get(orgScope(context, context.query.orgId), context.params.id)) }),
  }),
  defineRoute({
    ...onClaim,
    method: 'POST',
    path: '/v1/claims/:id/investigate',
    operationId: 'investigateClaim',
    summary: 'Start the investigation of an open claim, assigned to `adjusterId` (default: the adjuster it has; an adjuster filing a claim handles it).',
    permission: 'claims:write',
    body: Type.Object({ adjusterId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })) }, { additionalProperties: false }),
    errors: ['invalid_transition', 'conflict'],
    responses: claimAnswer,
    handler: async (context) => ({
      status: 200,
      body: viewClaim(await claims.investigate(context.principal, orgScope(context, context.query.orgId), context.params.id, context.body)),
    }),
  }),
  defineRoute({
    ...onClaim,
    method: 'POST',
    path: '/v1/claims/:id/reserves',
    operationId: 'setClaimReserves',
    summary: 'Set the outstanding indemnity and expense reserves (dollars, at least 0) of an open or investigating claim; emits `claim.reserved`.',
    permission: 'claims:write',
    body: Type.Object({ indemnity: Money({ minimum: 0 }), expense: Money({ minimum: 0 }) }, { additionalProperties: false }),
    errors: ['invalid_transition', 'conflict'],
    responses: claimAnswer,
    handler: async (context) => {
      const reserves = { indemnity: dollarsToCents(context.body.indemnity, 'indemnity'), expense: dollarsToCents(context.body.expense, 'expense') };
      return { status: 200, body: viewClaim(await claims.reserve(context.principal, orgScope(context, context.query.orgId), context.params.id, reserves)) };
    },
  }),
  defineRoute({
    ...onClaim,
    method: 'POST',
    path: '/v1/claims/:id/settle',
    operationId: 'offerClaimSettlement',
    summary:
      "Offer a settlement of a claim under investigation. A claims supervisor's offer within its authority ($250,000) or an administrator's is approved at once and settles the claim; any other (an adjuster's, an API key's, the machine secret's) waits for a person's approval. The offer plus what was already paid on the claim may not exceed the policy's per-occurrence limit: 422 `exceeds_policy_limit`.",
    permission: 'claims:write',
    body: Type.Object(
      { amount: Money(), payee: Type.Optional(Text({ minLength: 1, maxLength: 200 })), notes: Type.Optional(LongText({ maxLength: 5000 })) },
      { additionalProperties: false },
    ),
    errors: ['invalid_transition', 'exceeds_policy_limit', 'conflict'],
    responses: { 201: { description: 'The settlement, `approved` or `pending_approval`.', schema: SettlementSchema } },
    handler: async (context) => {
      const { amount, ...rest } = context.body;
      const { settlement } = await settlements.offer(context.principal, orgScope(context, context.query.orgId), context.params.id, {
        amount: dollarsToCents(amount, 'amount'),
        ...rest,
      });
      return { status: 201, body: viewSettlement(settlement) };
    },
  }),
  defineRoute({
    ...onClaim,
    method: 'POST',
    path: '/v1/claims/:id/settlements/:settlementId/approve',
    operationId: 'approveClaimSettlement',
    summary:
      "Approve a pending settlement: a claims supervisor (or an API key with `claims:approve`, or the machine secret) up to the supervisors' authority; above it only an administrator who is a person. The claim is settled, the amount paid on it and the indemnity reserve released; emits `claim.settled`.",
    permission: 'claims:approve',
    params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 128 }), settlementId: Type.String({ minLength: 1, maxLength: 128 }) }),
    errors: ['invalid_transition', 'exceeds_policy_limit', 'conflict'],
    responses: { 200: { description: 'The approved settlement.', schema: SettlementSchema } },
    handler: async (context) => {
      const { settlement } = await settlements.approve(
        context.principal,
        orgScope(context, context.query.orgId),
        context.params.id,
        context.params.settlementId,
      );
      return { status: 200, body: viewSettlement(settlement) };
    },
  }),
  defineRoute({
    ...onClaim,
    method: 'POST',
    path: '/v1/claims/:id/deny',
    operationId: 'denyClaim',
    summary: 'Deny coverage of an open or investigating claim; its reserves are released.',
    permission: 'claims:write',
    body: Type.Object({ reason: LongText({ minLength: 1, maxLength: 2000 }) }, { additionalProperties: false }),
    errors: ['invalid_transition', 'conflict'],
    responses: claimAnswer,
    handler: async (context) => ({
      status: 200,
      body: viewClaim(await claims.deny(context.principal, orgScope(context, context.query.orgId), context.params.id, context.body.reason)),
    }),
  }),
  defineRoute({
    ...onClaim,
    method: 'POST',
    path: '/v1/claims/:id/close',
    operationId: 'closeClaim',
    summary: 'Close a settled or denied claim; what is left in reserve is released; emits `claim.closed`.',
    permission: 'claims:write',
    body: Type.Object({}, { additionalProperties: false }),
    errors: ['invalid_transition', 'conflict'],
    responses: claimAnswer,
    handler: async (context) => ({
      status: 200,
      body: viewClaim(await claims.close(context.principal, orgScope(context, context.query.orgId), context.params.id)),
    }),
  }),
];
