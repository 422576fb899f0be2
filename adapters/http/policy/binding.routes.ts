import { Type } from '@sinclair/typebox';
import { INSTALLMENT_PLANS } from '../../../core/billing/installment-plan.ts';
import type { Binding } from '../../../ports/policy/binding.use-case.ts';
import { IdParams, OneOf, OrgIdQuery } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';
import { PolicySchema, viewPolicy } from './policy.views.ts';

/** Binding: a submission's active quote becomes a policy (the route sits under the submission it binds). */
export const bindingRoutes = (binding: Binding): RouteDefinition[] => [
  defineRoute({
    method: 'POST',
    path: '/v1/submissions/:id/bind',
    record: { type: 'submission', relation: 'editor' },
    operationId: 'bindSubmission',
    summary: "Bind the submission's active quote into a policy with its invoice schedule.",
    description:
      'New business starts between 30 days before today (90 with an underwriter’s or administrator’s authority) and 18 months after it; otherwise 422 `effective_date_out_of_window` with `details.earliest` and `details.latest`. A submission triage declined binds only after a referral of it is approved (422 `referral_required` until then).',
    tags: ['submissions'],
    permission: 'policies:write',
    params: IdParams,
    query: Type.Object(OrgIdQuery),
    body: Type.Object({ installmentPlan: OneOf(INSTALLMENT_PLANS) }, { additionalProperties: false }),
    errors: ['invalid_transition', 'not_bindable', 'quote_expired', 'effective_date_out_of_window', 'referral_required', 'duplicate'],
    responses: { 201: { description: 'The policy.', schema: PolicySchema } },
    handler: async (context) => ({
      status: 201,
      body: viewPolicy(await binding.bind(context.principal, orgScope(context, context.query.orgId), context.params.id, context.body.installmentPlan)),
    }),
  }),
];
