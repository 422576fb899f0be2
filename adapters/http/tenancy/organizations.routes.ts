import { Type } from '@sinclair/typebox';
import { actsAcrossOrganizations } from '../../../core/shared/access/principal.ts';
import { notFound, validationFailed } from '../../../core/shared/domain-error.ts';
import { TIERS } from '../../../core/tenancy/organization.ts';
import type { Organizations } from '../../../ports/tenancy/organizations.use-case.ts';
import type { TestClocks } from '../../../ports/tenancy/test-clocks.use-case.ts';
import { ClockTime, parseClockTime, TestClockSchema } from './test-clocks.routes.ts';
import { dollarsToCents } from '../../../core/shared/money.ts';
import { IdParams, Money, PageQuery, pageOf, Text, Timestamp } from '../shared/common.schemas.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';

const Tier = Type.Union(TIERS.map((tier) => Type.Literal(tier)));
const Domain = Type.String({ minLength: 3, maxLength: 253, pattern: '^[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$', examples: ['harbor.example'] });

const OrganizationSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    tier: Tier,
    allowedDomains: Type.Array(Type.String()),
    rateLimitPerMinute: Type.Union([Type.Integer(), Type.Null()]),
    claimsSupervisorAuthority: Type.Union([Type.Number({ description: 'Dollars a claims supervisor may approve alone.' }), Type.Null()], {
      description: 'Null: the default, $250,000.',
    }),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
  },
  { $id: 'Organization', description: 'A tenant: an MGA, carrier or agency, with its settings.' },
);

const CreatedOrganizationSchema = Type.Object(
  { ...OrganizationSchema.properties, testClock: Type.Optional(TestClockSchema) },
  { $id: 'CreatedOrganization', description: 'A new organization, with its test clock when it was created on one.' },
);

const OrganizationDetailSchema = Type.Object(
  {
    ...OrganizationSchema.properties,
    storage: Type.Object(
      {
        usedBytes: Type.Integer({ description: 'Bytes of documents the organization keeps.' }),
        quotaBytes: Type.Integer({ description: 'Bytes it may keep of what its callers upload or render (`STORAGE_QUOTA_BYTES`, 10 GiB by default).' }),
      },
      { description: 'Uploads and renders that do not fit answer 413 `storage_quota_exceeded`.' },
    ),
  },
  { $id: 'OrganizationDetail', description: 'An organization as its administrators see it, with its storage use.' },
);

/** Where an organization's stored bytes are counted (the document library). */
interface StorageReport {
  storageOf(orgId: string): Promise<{ usedBytes: number; quotaBytes: number }>;
}

const CreateOrganization = Type.Object(
  {
    name: Text({ minLength: 1, maxLength: 200 }),
    tier: Type.Optional(Tier),
    allowedDomains: Type.Optional(Type.Array(Domain, { maxItems: 100 })),
    testClock: Type.Optional(
      Type.Object(
        { frozenTime: ClockTime },
        { additionalProperties: false, description: 'Local and sandbox only: the organization lives on a test clock standing at `frozenTime`.' },
      ),
    ),
  },
  { additionalProperties: false },
);

const UpdateOrganization = Type.Object(
  {
    name: Type.Optional(Text({ minLength: 1, maxLength: 200 })),
    tier: Type.Optional(Tier),
    allowedDomains: Type.Optional(Type.Array(Domain, { maxItems: 100 })),
    rateLimitPerMinute: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 1_000_000 }), Type.Null()])),
    claimsSupervisorAuthority: Type.Optional(Type.Union([Money(), Type.Null()])),
  },
  { additionalProperties: false, minProperties: 1 },
);

/** Organizations; `clocks` is null in production, where there are no test clocks. */
export const organizationRoutes = (organizations: Organizations, storage: StorageReport, clocks: TestClocks | null): RouteDefinition[] => [
  defineRoute({
    method: 'POST',
    path: '/v1/organizations',
    operationId: 'createOrganization',
    summary: 'Create an organization (tenant). Machine secret or superadmin.',
    tags: ['platform'],
    permission: 'organizations:write',
    body: CreateOrganization,
    responses: { 201: { description: 'Created (with its `testClock` when one was asked for).', schema: CreatedOrganizationSchema } },
    handler: async ({ principal, body }) => {
      const { testClock, ...details } = body;
      if (!testClock) return { status: 201, body: await organizations.create(principal, details) };
      if (!clocks) throw validationFailed('testClock', 'environment', 'Test clocks exist in the local and sandbox environments only.');
      const frozenTime = parseClockTime(testClock.frozenTime, 'testClock.frozenTime');
      const organization = await organizations.create(principal, details, frozenTime);
      return { status: 201, body: { ...organization, testClock: await clocks.start(principal, organization.id, frozenTime) } };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/organizations',
    operationId: 'listOrganizations',
    summary: 'List organizations, newest first. Platform operators see only their own.',
    tags: ['platform'],
    permission: 'organizations:read',
    query: Type.Object(PageQuery),
    responses: { 200: { description: 'A page of organizations.', schema: pageOf(OrganizationSchema) } },
    handler: async ({ principal, query }) => {
      if (actsAcrossOrganizations(principal) || principal.kind === 'machine') return { status: 200, body: await organizations.list(query) };
      return { status: 200, body: { data: [await organizations.get(principal.orgId)], nextCursor: null } };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/organizations/:id',
    operationId: 'getOrganization',
    summary: "Get an organization with its document storage (used and quota). The platform reads any; an organization's administrator its own.",
    tags: ['platform'],
    permission: 'organizations:read',
    params: IdParams,
    responses: { 200: { description: 'The organization.', schema: OrganizationDetailSchema } },
    handler: async ({ principal, params }) => {
      if (!actsAcrossOrganizations(principal) && principal.kind !== 'machine' && principal.orgId !== params.id) throw notFound('Organization');
      return { status: 200, body: { ...(await organizations.get(params.id)), storage: await storage.storageOf(params.id) } };
    },
  }),
  defineRoute({
    method: 'PATCH',
    path: '/v1/organizations/:id',
    operationId: 'updateOrganization',
    summary: "Change name, tier, allowed e-mail domains, the contract rate limit or the claims supervisor's settlement authority (null restores a default).",
    tags: ['platform'],
    permission: 'organizations:write',
    params: IdParams,
    body: UpdateOrganization,
    responses: { 200: { description: 'The updated organization.', schema: OrganizationSchema } },
    handler: async ({ principal, params, body }) => {
      const { claimsSupervisorAuthority, ...changes } = body;
      const authority =
        claimsSupervisorAuthority === undefined
          ? {}
          : { claimsSupervisorAuthority: claimsSupervisorAuthority === null ? null : dollarsToCents(claimsSupervisorAuthority, 'claimsSupervisorAuthority') };
      return { status: 200, body: await organizations.update(principal, params.id, { ...changes, ...authority }) };
    },
  }),
];
