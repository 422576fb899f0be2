import type { RecordAccess } from '../../../ports/authorization/record-access.use-case.ts';
import { visibleAmong } from '../shared/record-scope.ts';
import { Type } from '@sinclair/typebox';
import type { CommissionRepository, LedgerRepository } from '../../../ports/billing/commission.repositories.ts';
import type { FinancialIncidentLog } from '../../../ports/billing/financial-alerts.port.ts';
import { mapPage } from '../../../ports/shared/persistence/page.ts';
import { collectionOf, OrgIdQuery, pageOf, PageQuery } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';
import { CommissionSchema, FinancialIncidentSchema, LedgerEntrySchema, viewCommission, viewIncident, viewLedgerEntry } from './billing.views.ts';

const Id = Type.String({ minLength: 1, maxLength: 128 });

/** Read side of the commission split, the general ledger and failed financial operations. */
export const financeRoutes = (
  commissions: CommissionRepository,
  ledger: LedgerRepository,
  incidents: FinancialIncidentLog,
  records: RecordAccess,
): RouteDefinition[] => [
  defineRoute({
    method: 'GET',
    path: '/v1/commissions',
    operationId: 'listCommissions',
    summary: 'Commission changes, newest first: earned as premium is paid, given back when it is refunded or returned; filter by producer or policy.',
    tags: ['billing'],
    permission: 'invoices:read',
    query: Type.Object({ ...PageQuery, ...OrgIdQuery, producerId: Type.Optional(Id), policyId: Type.Optional(Id) }),
    responses: { 200: { description: 'A page of commissions.', schema: pageOf(CommissionSchema) } },
    handler: async (context) => {
      const { orgId, producerId, policyId, ...page } = context.query;
      const scope = orgScope(context, orgId);
      const among = await visibleAmong(records, context, scope, 'commission');
      const result = await commissions.list(scope, { ...(producerId ? { producerId } : {}), ...(policyId ? { policyId } : {}), ...among }, page);
      return { status: 200, body: mapPage(result, viewCommission) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/ledger/entries',
    operationId: 'listLedgerEntries',
    summary:
      "General ledger postings, newest first, each balanced (debits equal credits) and carrying its fiduciary split; filter by invoice or policy. Each moves a policy's books from one position (cash held, and what it pays for) to the next.",
    tags: ['billing'],
    permission: 'ledger:read',
    query: Type.Object({ ...PageQuery, ...OrgIdQuery, invoiceId: Type.Optional(Id), policyId: Type.Optional(Id) }),
    responses: { 200: { description: 'A page of ledger entries.', schema: pageOf(LedgerEntrySchema) } },
    handler: async (context) => {
      const { orgId, invoiceId, policyId, ...page } = context.query;
      const result = await ledger.list(orgScope(context, orgId), { ...(invoiceId ? { invoiceId } : {}), ...(policyId ? { policyId } : {}) }, page);
      return { status: 200, body: mapPage(result, viewLedgerEntry) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/financial-incidents',
    operationId: 'listFinancialIncidents',
    summary: 'Failed financial operations (financial.operation_failed), newest first: all critical and for manual review; ledger sync failures are priority 1.',
    tags: ['billing'],
    permission: 'ledger:read',
    query: Type.Object({ ...OrgIdQuery, limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })) }),
    responses: { 200: { description: 'The newest incidents.', schema: collectionOf(FinancialIncidentSchema) } },
    handler: async (context) => {
      const found = await incidents.list(orgScope(context, context.query.orgId), context.query.limit ?? 50);
      return { status: 200, body: { data: found.map(viewIncident) } };
    },
  }),
];
