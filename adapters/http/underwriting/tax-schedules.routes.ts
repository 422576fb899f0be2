import { Type, type Static } from '@sinclair/typebox';
import { HOME_STATES } from '../../../core/shared/reference-data.ts';
import { LEVIES, REFUND_RULES, ROUNDINGS, TAX_KINDS } from '../../../core/underwriting/tax-schedule.ts';
import type { ScheduleOnDate, TaxScheduleLookup } from '../../../ports/underwriting/tax-schedules.use-case.ts';
import { DateOnly, Nullable, OneOf, OrgIdQuery } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';

const ComponentRuleSchema = Type.Object({
  code: Type.String(),
  name: Type.String(),
  payee: OneOf(TAX_KINDS, { description: 'Who is paid; each payee is its own payable in the ledger.' }),
  percent: Nullable(Type.Number({ description: 'Percent of what it is levied on (a locality component takes the locality’s rate).' })),
  flat: Nullable(Type.Number({ description: 'Dollars per policy or per filing.' })),
  per: Nullable(OneOf(['policy', 'filing'])),
  locality: Type.Boolean({ description: 'Its rate is the risk’s locality’s, for the line.' }),
  levy: OneOf(LEVIES, { description: 'Premium, premium and policy fees, or the fire or marine part of premium.' }),
  lines: Nullable(Type.Array(Type.String(), { description: 'The lines of business it applies to; null: all.' })),
  refund: OneOf(REFUND_RULES),
  rounding: OneOf(ROUNDINGS),
  effectiveFrom: Type.String({ format: 'date' }),
  effectiveTo: Nullable(Type.String({ format: 'date' })),
  source: Type.String({ description: 'The statute, stamping office or regulator that sets it.' }),
  verifiedOn: Nullable(Type.String({ format: 'date', description: 'When the figure was last checked against its source; null: cited but not yet checked.' })),
});

const TaxScheduleSchema = Type.Object(
  {
    state: Type.String(),
    on: Type.String({ format: 'date', description: 'The effective date the schedule is shown for.' }),
    components: Type.Array(ComponentRuleSchema),
    localities: Type.Array(
      Type.Object({
        code: Type.String({ description: 'What a submission names as `locality`.' }),
        name: Type.String(),
        jurisdictionCode: Type.String(),
        rates: Type.Record(Type.String(), Type.Number(), { description: 'Percent by line of business.' }),
        source: Type.String(),
      }),
    ),
    perilShares: Type.Record(Type.String(), Type.Object({ fire: Type.Number(), marine: Type.Number() }), {
      description: 'Percent of each line’s premium that fire and marine components are levied on.',
    }),
  },
  { $id: 'TaxSchedule', description: "A home state's surplus lines charges in force for policies effective on a date." },
);

const viewSchedule = (schedule: ScheduleOnDate): Static<typeof TaxScheduleSchema> => ({
  state: schedule.state,
  on: schedule.on,
  components: schedule.components.map((rule) => ({
    code: rule.code,
    name: rule.name,
    payee: rule.payee,
    percent: rule.percent ?? null,
    flat: rule.flat ?? null,
    per: rule.flat === undefined ? null : (rule.per ?? 'policy'),
    locality: rule.locality === true,
    levy: rule.levy,
    lines: rule.lines ? [...rule.lines] : null,
    refund: rule.refund,
    rounding: rule.rounding,
    effectiveFrom: rule.effectiveFrom,
    effectiveTo: rule.effectiveTo ?? null,
    source: rule.source,
    verifiedOn: rule.verifiedOn,
  })),
  localities: schedule.localities.map((locality) => ({ ...locality, rates: { ...locality.rates } })),
  perilShares: Object.fromEntries(Object.entries(schedule.perilShares).map(([line, shares]) => [line, { ...shares }])),
});

export const taxScheduleRoutes = (schedules: TaxScheduleLookup): RouteDefinition[] => [
  defineRoute({
    method: 'GET',
    path: '/v1/tax-schedules/:state',
    operationId: 'getTaxSchedule',
    summary: "A home state's surplus lines taxes and fees in force on a date, each with its source.",
    description:
      "What a surplus lines program charges an insured whose home state is `state` (a state, DC, PR, GU or VI), for a policy effective `on` (default: the organization's today): each component with its rate or flat amount, what it is levied on, what a cancellation returns, who is paid and the statute or office that sets it; and the localities a local premium tax takes (`locality` on a submission).",
    tags: ['programs'],
    permission: 'programs:read',
    params: Type.Object({ state: OneOf(HOME_STATES) }),
    query: Type.Object({ ...OrgIdQuery, on: Type.Optional(DateOnly) }),
    responses: { 200: { description: 'The schedule.', schema: TaxScheduleSchema } },
    handler: async (context) => {
      const orgId = orgScope(context, context.query.orgId);
      return { status: 200, body: viewSchedule(schedules.onDate(orgId, context.params.state, context.query.on)) };
    },
  }),
];
