import { Type, type TSchema } from '@sinclair/typebox';
import type { EventType } from '../../../core/shared/events/event-catalog.ts';

const Money = Type.Number({ description: 'Dollars, at most two decimals.' });
const DateOnly = Type.String({ format: 'date' });

/** `data` of each outbound event: every type in the catalog has its shape. */
export const EVENT_DATA_SCHEMAS: Record<EventType, TSchema> = {
  'policy.bound': Type.Object({
    policyId: Type.String(),
    policyNumber: Type.String(),
    grossPremium: Money,
    effectiveDate: DateOnly,
  }),
  'policy.endorsed': Type.Object({
    policyId: Type.String(),
    policyNumber: Type.String(),
    endorsementId: Type.String(),
    effectiveDate: DateOnly,
    premiumDelta: Type.Number({ description: 'Dollars charged (positive) or credited (negative) for the rest of the term.' }),
    grossPremium: Money,
  }),
  'policy.cancelled': Type.Object({
    policyId: Type.String(),
    policyNumber: Type.String(),
    effectiveDate: DateOnly,
    reason: Type.String(),
    method: Type.String(),
    returnPremium: Money,
  }),
  'policy.reinstated': Type.Object({
    policyId: Type.String(),
    policyNumber: Type.String(),
    cancellationEffectiveDate: DateOnly,
    premiumCharged: Money,
    grossPremium: Money,
  }),
  'policy.renewed': Type.Object({
    policyId: Type.String({ description: 'The renewal policy.' }),
    policyNumber: Type.String(),
    grossPremium: Money,
    effectiveDate: DateOnly,
    renewalOf: Type.String(),
  }),
  'policy.cancellation_notice_sent': Type.Object({
    policyId: Type.String(),
    policyNumber: Type.String(),
    noticeOn: DateOnly,
    cancelsOn: DateOnly,
    pastDue: Type.Number({ description: 'Dollars past due when the notice was sent.' }),
    homeState: Type.String({ description: 'Whose notice period applies.' }),
    noticeDays: Type.Integer({ description: "The home state's notice period for non-payment, days." }),
    documentId: Type.Union([Type.String(), Type.Null()], { description: 'The stored PDF of the notice.' }),
  }),
  'policy.cancellation_rescinded': Type.Object({ policyId: Type.String(), policyNumber: Type.String(), noticeOn: DateOnly, cancelsOn: DateOnly }),
  'policy.renewal_offered': Type.Object({
    policyId: Type.String({ description: 'The expiring policy.' }),
    policyNumber: Type.String(),
    quoteId: Type.String(),
    effectiveDate: DateOnly,
    grossPremium: Money,
    decision: Type.String({ description: '`offered`, `referred` or `declined`.' }),
    daFlags: Type.Array(Type.String()),
    validUntil: DateOnly,
  }),
  'policy.expired': Type.Object({
    policyId: Type.String(),
    policyNumber: Type.String(),
    expirationDate: DateOnly,
    renewedBy: Type.Union([Type.String(), Type.Null()], { description: 'The renewal policy, when the term was renewed.' }),
  }),
  'payment.received': Type.Object({
    invoiceId: Type.String(),
    reference: Type.String({ description: 'The payment-intent id, or the reference of a manual payment.' }),
    amount: Money,
    method: Type.String(),
  }),
  'payment.failed': Type.Object({
    invoiceId: Type.String(),
    invoiceNumber: Type.String(),
    policyId: Type.String(),
    reference: Type.String({ description: 'The payment-intent id.' }),
    amount: Money,
    reason: Type.String({ description: 'What the processor said.' }),
  }),
  'invoice.past_due': Type.Object({
    invoiceId: Type.String(),
    invoiceNumber: Type.String(),
    policyId: Type.String(),
    dueDate: DateOnly,
    amount: Money,
    unpaid: Type.Number({ description: 'Dollars still unpaid.' }),
    graceDays: Type.Integer(),
  }),
  'invoice.paid': Type.Object({
    invoiceId: Type.String(),
    invoiceNumber: Type.String(),
    policyId: Type.String(),
    amount: Money,
  }),
  'claim.filed': Type.Object({ claimId: Type.String(), claimNumber: Type.String(), policyId: Type.String(), lossDate: DateOnly }),
  'claim.opened': Type.Object({ claimId: Type.String(), claimNumber: Type.String(), policyId: Type.String(), lossDate: DateOnly }),
  'claim.reserved': Type.Object({
    claimId: Type.String(),
    claimNumber: Type.String(),
    indemnity: Money,
    expense: Money,
    incurred: Type.Number({ description: 'Dollars: paid plus outstanding reserves.' }),
  }),
  'claim.settled': Type.Object({ claimId: Type.String(), claimNumber: Type.String(), settlementId: Type.String(), amount: Money, paid: Money }),
  'claim.closed': Type.Object({
    claimId: Type.String(),
    claimNumber: Type.String(),
    outcome: Type.String({ description: '`settled` or `denied`.' }),
    paid: Money,
  }),
  'da.limit_approaching': Type.Object({
    programId: Type.String(),
    programName: Type.String(),
    year: Type.Integer(),
    aggregateCap: Money,
    written: Money,
    utilization: Type.Number({ description: 'written / aggregateCap, 0..1, four decimals.' }),
  }),
  'compliance.deadline_approaching': Type.Object({
    kind: Type.Union([Type.Literal('license_expiry'), Type.Literal('appointment_renewal'), Type.Literal('state_filing'), Type.Literal('policy_filing')]),
    itemId: Type.String({
      description: 'The producer (licence), appointment, `<filing>:<state>` (a period filing) or `<filing>:<policy id>` (a policy filing).',
    }),
    description: Type.String(),
    state: Type.Union([Type.String(), Type.Null()]),
    producerId: Type.Union([Type.String(), Type.Null()]),
    policyId: Type.Union([Type.String(), Type.Null()], { description: 'The policy a policy filing is for.' }),
    source: Type.Union([Type.String(), Type.Null()], { description: 'The statute, regulation or office that sets the deadline, when known.' }),
    dueDate: DateOnly,
    daysRemaining: Type.Integer({ minimum: 0, maximum: 30 }),
    alert: Type.Union([Type.Literal(30), Type.Literal(7)], {
      description: 'Sent once 30 days before the deadline (or as soon as it is within 30 days) and once 7 days before.',
    }),
  }),
  'webhook.test': Type.Object({ subscriptionId: Type.String(), message: Type.String() }),
};

/** `policy.bound` → `PolicyBound`. */
export const pascalName = (type: string): string =>
  type
    .split(/[._]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');

/** What a delivery of `type` posts, named `<Type>Event` in the description. */
export const eventEnvelope = (type: string, data: TSchema): TSchema =>
  Type.Object(
    {
      id: Type.String({ description: 'Event id.' }),
      type: Type.Literal(type),
      orgId: Type.String(),
      timestamp: Type.String({ format: 'date-time' }),
      data,
    },
    { $id: `${pascalName(type)}Event`, description: `The \`${type}\` event as a webhook delivery carries it.` },
  );
