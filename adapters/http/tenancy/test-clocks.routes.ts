import { Type } from '@sinclair/typebox';
import { actsAcrossOrganizations, type Principal } from '../../../core/shared/access/principal.ts';
import { isCalendarDate, isAcceptedDate, ACCEPTED_DATES } from '../../../core/shared/calendar-date.ts';
import { notFound, validationFailed } from '../../../core/shared/domain-error.ts';
import type { TestClocks } from '../../../ports/tenancy/test-clocks.use-case.ts';
import { IdParams } from '../shared/common.schemas.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';

/** A moment: a full date-time, or a date (its start, UTC). */
export const ClockTime = Type.String({
  minLength: 10,
  maxLength: 40,
  description: 'An ISO 8601 date-time, or a date (YYYY-MM-DD: its start, UTC).',
  examples: ['2027-01-15T00:00:00Z'],
});

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Reads a `ClockTime` (at most 40 characters, the schema says): a real calendar date and time, or 400. */
export const parseClockTime = (value: string, field: string): Date => {
  const dateOnly = isCalendarDate(value);
  const time = new Date(dateOnly ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(time.getTime()) || !isAcceptedDate(value.slice(0, 10)) || !(dateOnly || DATE_TIME.test(value))) {
    throw validationFailed(field, 'date_time', `'${field}' must be an ISO 8601 date-time or a real calendar date, from ${ACCEPTED_DATES}.`);
  }
  return time;
};

export const TestClockSchema = Type.Object(
  {
    frozenTime: Type.String({ format: 'date-time', description: "The organization's time: every business date it computes follows it." }),
    advancing: Type.Boolean({ description: 'An advance is running: another answers 409 `clock_advancing`.' }),
    advancingTo: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'Where the running advance goes.' }),
    ran: Type.Record(Type.String(), Type.Integer(), {
      description: 'The scheduled work the running or last advance did, by job: items moved (invoices marked past due, notices sent, policies cancelled…).',
    }),
  },
  { $id: 'TestClock', description: "An organization's test clock (local and sandbox only)." },
);

/** The organization a clock route acts on: the platform any, an organization's own administrator its own. */
const ownOrganization = (principal: Principal, orgId: string): string => {
  if (!actsAcrossOrganizations(principal) && principal.kind !== 'machine' && principal.orgId !== orgId) throw notFound('Organization');
  return orgId;
};

/** Test clocks: served in local and sandbox only, so in production these paths answer 404. */
export const testClockRoutes = (clocks: TestClocks): RouteDefinition[] => [
  defineRoute({
    method: 'POST',
    path: '/v1/organizations/:id/test-clock',
    operationId: 'startTestClock',
    summary: 'Put an organization without policies on a test clock at `frozenTime`.',
    description: 'Put an organization that has no policies yet on a test clock standing at `frozenTime`. Local and sandbox only.',
    tags: ['platform'],
    permission: 'test-clocks:write',
    params: IdParams,
    body: Type.Object({ frozenTime: ClockTime }, { additionalProperties: false }),
    responses: { 201: { description: 'The clock.', schema: TestClockSchema } },
    handler: async ({ principal, params, body }) => ({
      status: 201,
      body: await clocks.start(principal, ownOrganization(principal, params.id), parseClockTime(body.frozenTime, 'frozenTime')),
    }),
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/organizations/:id/test-clock',
    operationId: 'getTestClock',
    summary: "An organization's test clock and the advance it is running, if any. Local and sandbox only.",
    tags: ['platform'],
    permission: 'organizations:read',
    params: IdParams,
    responses: { 200: { description: 'The clock.', schema: TestClockSchema } },
    handler: async ({ principal, params }) => ({ status: 200, body: await clocks.read(ownOrganization(principal, params.id)) }),
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/organizations/:id/test-clock/advance',
    operationId: 'advanceTestClock',
    summary:
      'Move the clock forward to `to` (a date keeps the clock’s time of day; at most 2 years a call), running in date order the scheduled work of the days skipped: past-due marking, notices, non-payment cancellations, expiries, renewal offers, compliance deadlines, DA alerts; their webhooks are queued for delivery. 200 when done within 30 s, else 202 while it goes on (read the clock for progress).',
    tags: ['platform'],
    permission: 'test-clocks:write',
    params: IdParams,
    body: Type.Object({ to: ClockTime }, { additionalProperties: false }),
    responses: {
      200: { description: 'The advance is done: the clock and what ran.', schema: TestClockSchema },
      202: { description: 'The advance goes on; `frozenTime` is its target.', schema: TestClockSchema },
    },
    handler: async ({ principal, params, body }) => {
      // A date alone keeps the clock's time of day; an instant is where the clock goes.
      const to = parseClockTime(body.to, 'to');
      const target = isCalendarDate(body.to) ? { date: body.to } : { instant: to };
      const { done, clock } = await clocks.advance(principal, ownOrganization(principal, params.id), target);
      return { status: done ? 200 : 202, body: clock };
    },
  }),
];
