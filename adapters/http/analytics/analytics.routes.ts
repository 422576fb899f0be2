import { Type } from '@sinclair/typebox';
import { centsToDollars } from '../../../core/shared/money.ts';
import { MAX_COMMISSION_MONTHS, type Analytics } from '../../../ports/analytics/analytics.use-case.ts';
import { DateOnly, Dollars, Nullable } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';

const OrgParams = Type.Object({ orgId: Type.String({ minLength: 1, maxLength: 128, description: "The caller's own organization; another answers 404." }) });
const YearMonth = Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', description: 'YYYY-MM.', examples: ['2027-01'] });
const common = { tags: ['analytics'], permission: 'analytics:read', params: OrgParams } as const;

/** Analytics, computed from the stored premium history, claims, commissions and programs. */
export const analyticsRoutes = (analytics: Analytics): RouteDefinition[] => [
  defineRoute({
    ...common,
    method: 'GET',
    path: '/v1/analytics/:orgId/portfolio',
    operationId: 'portfolioAnalytics',
    summary:
      'Gross written and earned premium through `asOf` (default today) from every term’s premium history; policies in force on the day; new business bound; incurred losses (paid plus reserves) of losses on or before the day; loss ratio = incurred / earned (null while nothing is earned).',
    query: Type.Object({ asOf: Type.Optional(DateOnly) }),
    responses: {
      200: {
        description: 'The portfolio.',
        schema: Type.Object(
          {
            asOf: DateOnly,
            grossWrittenPremium: Dollars,
            earnedPremium: Dollars,
            policyCount: Type.Integer(),
            bindingCount: Type.Integer(),
            incurredLosses: Dollars,
            lossRatio: Nullable(Type.Number()),
          },
          { $id: 'PortfolioAnalytics', description: 'An organization’s portfolio on a day: premium, policies and losses.' },
        ),
      },
    },
    handler: async (context) => {
      const portfolio = await analytics.portfolio(orgScope(context, context.params.orgId), context.query.asOf);
      return {
        status: 200,
        body: {
          ...portfolio,
          grossWrittenPremium: centsToDollars(portfolio.grossWrittenPremium),
          earnedPremium: centsToDollars(portfolio.earnedPremium),
          incurredLosses: centsToDollars(portfolio.incurredLosses),
        },
      };
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/v1/analytics/:orgId/commissions',
    operationId: 'commissionAnalytics',
    summary: `Agent commission, MGA commission and carrier net by month recorded (UTC), every month from \`from\` to \`to\` listed (at most ${MAX_COMMISSION_MONTHS}); by default the twelve months to this one.`,
    query: Type.Object({ from: Type.Optional(YearMonth), to: Type.Optional(YearMonth) }),
    responses: {
      200: {
        description: 'The periods, oldest first.',
        schema: Type.Object(
          {
            periods: Type.Array(Type.Object({ period: Type.String(), agentCommission: Dollars, mgaCommission: Dollars, carrierNet: Dollars })),
          },
          { $id: 'CommissionAnalytics', description: 'Commissions and carrier net by month.' },
        ),
      },
    },
    handler: async (context) => {
      const periods = await analytics.commissions(orgScope(context, context.params.orgId), context.query.from, context.query.to);
      return {
        status: 200,
        body: {
          periods: periods.map((period) => ({
            period: period.period,
            agentCommission: centsToDollars(period.agentCommission),
            mgaCommission: centsToDollars(period.mgaCommission),
            carrierNet: centsToDollars(period.carrierNet),
          })),
        },
      };
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/v1/analytics/:orgId/da-utilization',
    operationId: 'daUtilization',
    summary:
      'Written premium of the year (default this one, by term effective date) against each program’s aggregate cap; `utilization` is written / cap within 0..1 (a referral approved past the cap shows in `written`).',
    query: Type.Object({ year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100 })) }),
    responses: {
      200: {
        description: 'The programs.',
        schema: Type.Object(
          {
            programs: Type.Array(
              Type.Object({
                programId: Type.String(),
                name: Type.String(),
                year: Type.Integer(),
                aggregateCap: Dollars,
                written: Dollars,
                utilization: Type.Number(),
              }),
            ),
          },
          { $id: 'DelegatedAuthorityUtilization', description: 'Each program’s written premium of a year against its aggregate cap.' },
        ),
      },
    },
    handler: async (context) => {
      const programs = await analytics.daUtilization(orgScope(context, context.params.orgId), context.query.year);
      return {
        status: 200,
        body: {
          programs: programs.map((program) => ({ ...program, aggregateCap: centsToDollars(program.aggregateCap), written: centsToDollars(program.written) })),
        },
      };
    },
  }),
];
