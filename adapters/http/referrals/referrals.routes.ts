import { Type, type Static } from '@sinclair/typebox';
import { REFERRAL_DECISIONS, REFERRAL_ENTITY_TYPES, REFERRAL_STATUSES, type Referral } from '../../../core/referrals/referral.ts';
import { mapPage } from '../../../ports/shared/persistence/page.ts';
import type { Referrals } from '../../../ports/referrals/referrals.use-case.ts';
import { IdParams, LongText, Nullable, OneOf, OrgIdQuery, PageQuery, pageOf, Timestamp } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';
import { isoInstant } from '../../../core/shared/iso-instant.ts';

const Id = Type.String({ minLength: 1, maxLength: 128 });

const ReferralSchema = Type.Object(
  {
    id: Type.String(),
    entityType: OneOf(REFERRAL_ENTITY_TYPES),
    entityId: Type.String(),
    reason: Type.String(),
    dealRoomId: Nullable(Type.String()),
    assigneeId: Nullable(Type.String()),
    status: OneOf(REFERRAL_STATUSES),
    decisions: Type.Array(
      Type.Object({ decision: OneOf(REFERRAL_DECISIONS), notes: Nullable(Type.String()), decidedBy: Type.String(), decidedAt: Timestamp() }),
    ),
    approvedOverrides: Type.Array(Type.String(), {
      description: 'What the approval lifted: the quote’s delegated-authority flag codes, and `triage_decline` for a declined submission.',
    }),
    createdBy: Type.String(),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
  },
  { $id: 'Referral', description: 'A request for an underwriting decision on a record beyond the authority of the one who asked, with its decisions.' },
);

const view = (referral: Referral): Static<typeof ReferralSchema> => ({
  id: referral.id,
  entityType: referral.entityType,
  entityId: referral.entityId,
  reason: referral.reason,
  dealRoomId: referral.dealRoomId,
  assigneeId: referral.assigneeId,
  status: referral.status,
  decisions: referral.decisions.map((entry) => ({
    decision: entry.decision,
    notes: entry.notes,
    decidedBy: entry.decidedBy,
    decidedAt: isoInstant(entry.decidedAt),
  })),
  approvedOverrides: [...referral.approvedOverrides],
  createdBy: referral.createdBy,
  createdAt: isoInstant(referral.createdAt),
  updatedAt: isoInstant(referral.updatedAt),
});

/** Referrals: risks put to someone with the authority to decide them. */
export const referralRoutes = (referrals: Referrals): RouteDefinition[] => [
  defineRoute({
    method: 'GET',
    path: '/v1/referrals',
    operationId: 'listReferrals',
    summary: 'Referrals, newest first, filtered by status, entity, assignee or deal room. Producers see the ones they raised.',
    tags: ['referrals'],
    permission: 'referrals:read',
    query: Type.Object({
      ...PageQuery,
      ...OrgIdQuery,
      status: Type.Optional(OneOf(REFERRAL_STATUSES)),
      entityType: Type.Optional(OneOf(REFERRAL_ENTITY_TYPES)),
      entityId: Type.Optional(Id),
      assigneeId: Type.Optional(Id),
      dealRoomId: Type.Optional(Id),
    }),
    responses: { 200: { description: 'A page of referrals.', schema: pageOf(ReferralSchema) } },
    handler: async (context) => {
      const { orgId, limit, cursor, ...filters } = context.query;
      const page = { ...(limit ? { limit } : {}), ...(cursor ? { cursor } : {}) };
      return { status: 200, body: mapPage(await referrals.list(context.principal, orgScope(context, orgId), filters, page), view) };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/referrals',
    operationId: 'createReferral',
    summary:
      'Refer a submission, quote, policy or claim the caller can see, optionally in a deal room and to an assignee. A quote blocked by delegated-authority flags binds once its referral is approved.',
    tags: ['referrals'],
    permission: 'referrals:write',
    query: Type.Object(OrgIdQuery),
    body: Type.Object(
      {
        entityType: OneOf(REFERRAL_ENTITY_TYPES),
        entityId: Id,
        reason: LongText({ minLength: 1, maxLength: 2000 }),
        dealRoomId: Type.Optional(Id),
        assigneeId: Type.Optional(Id),
      },
      { additionalProperties: false },
    ),
    responses: { 201: { description: 'The referral, pending.', schema: ReferralSchema } },
    handler: async (context) => ({ status: 201, body: view(await referrals.create(context.principal, orgScope(context, context.query.orgId), context.body)) }),
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/referrals/:id',
    operationId: 'getReferral',
    summary: 'One referral with its decisions.',
    tags: ['referrals'],
    permission: 'referrals:read',
    params: IdParams,
    query: Type.Object(OrgIdQuery),
    responses: { 200: { description: 'The referral.', schema: ReferralSchema } },
    handler: async (context) => ({
      status: 200,
      body: view(await referrals.get(context.principal, orgScope(context, context.query.orgId), context.params.id)),
    }),
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/referrals/:id/decision',
    operationId: 'decideReferral',
    summary:
      'Approve, reject or ask for information: pending or info_requested referrals only (a decided one is 422). Every decision takes standard underwriting authority (underwriters, administrators); approving past a state, line, NAICS exclusion or the aggregate cap takes senior authority (administrators), else 403 with `details.requiredAuthority`. A suspended program cannot be approved past (422 `not_bindable`). Whoever raised the referral, or wrote the quote it refers, cannot decide it (403 with `details.rule` = `four_eyes`).',
    tags: ['referrals'],
    permission: 'referrals:write',
    errors: ['invalid_transition', 'not_bindable'],
    params: IdParams,
    query: Type.Object(OrgIdQuery),
    body: Type.Object(
      { decision: OneOf(REFERRAL_DECISIONS), notes: Type.Optional(LongText({ minLength: 1, maxLength: 2000 })) },
      { additionalProperties: false },
    ),
    responses: { 200: { description: 'The referral after the decision.', schema: ReferralSchema } },
    handler: async (context) => ({
      status: 200,
      body: view(
        await referrals.decide(context.principal, orgScope(context, context.query.orgId), context.params.id, context.body.decision, context.body.notes ?? null),
      ),
    }),
  }),
];
