import { Type } from '@sinclair/typebox';
import type { PeriodClosing } from '../../../ports/reports/period-closing.use-case.ts';
import { collectionOf, MonthOnly, OrgIdQuery, Text } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';
import { AccountingPeriodSchema, ClosedPeriodSchema, viewClosedPeriod, viewPeriod } from './accounting-periods.views.ts';

const MonthParams = Type.Object({ month: MonthOnly });

/** Accounting periods: the months of the books, month-end close and reopening. */
export const accountingPeriodRoutes = (closing: PeriodClosing): RouteDefinition[] => [
  defineRoute({
    method: 'GET',
    path: '/v1/accounting-periods',
    operationId: 'listAccountingPeriods',
    summary:
      'The months of the books, oldest first: from the first month anything was booked in through the current month (the organization’s date), each open or closed. Empty until something is booked.',
    tags: ['billing'],
    permission: 'ledger:read',
    query: Type.Object(OrgIdQuery),
    responses: { 200: { description: 'Every period, not paged.', schema: collectionOf(AccountingPeriodSchema) } },
    handler: async (context) => ({ status: 200, body: { data: (await closing.list(orgScope(context, context.query.orgId))).map(viewPeriod) } }),
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/accounting-periods/:month/close',
    operationId: 'closeAccountingPeriod',
    summary:
      'Closes a month that has ended, once every month before it is closed (else 422 `period_order` naming the first open month). From then on nothing is booked into it: a transaction effective in it is booked in the first open month, and its bordereaux are served as they were at the close (same bytes, with an `ETag`). Answers the month’s trial balance. Organization administrators and billing administrators.',
    tags: ['billing'],
    permission: 'ledger:close',
    params: MonthParams,
    query: Type.Object(OrgIdQuery),
    responses: { 200: { description: 'The closed month with its trial balance.', schema: ClosedPeriodSchema } },
    errors: ['period_order', 'invalid_transition', 'conflict'],
    handler: async (context) => {
      const closed = await closing.close(context.principal, orgScope(context, context.query.orgId), context.params.month);
      return { status: 200, body: viewClosedPeriod(closed) };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/accounting-periods/:month/reopen',
    operationId: 'reopenAccountingPeriod',
    summary:
      'Reopens the latest closed month (else 422 `period_order`), with the reason the audit log keeps: its bordereaux follow the records again until it closes anew. Organization administrators.',
    tags: ['billing'],
    permission: 'ledger:reopen',
    params: MonthParams,
    query: Type.Object(OrgIdQuery),
    body: Type.Object({ reason: Text({ minLength: 1, maxLength: 1000 }) }, { additionalProperties: false }),
    responses: { 200: { description: 'The reopened month.', schema: AccountingPeriodSchema } },
    errors: ['period_order', 'conflict'],
    handler: async (context) => {
      const period = await closing.reopen(context.principal, orgScope(context, context.query.orgId), context.params.month, context.body.reason);
      return { status: 200, body: viewPeriod(period) };
    },
  }),
];
