/** Outbound event types tenants can subscribe to, with what each one means. */
export const EVENT_TYPES = {
  'policy.bound': 'A policy was bound.',
  'policy.endorsed': 'A mid-term endorsement was applied.',
  'policy.cancelled': 'A policy was cancelled.',
  'policy.renewed': 'A renewal policy was created.',
  'claim.filed': 'A first notice of loss was received.',
  'claim.opened': 'A claim was opened (sent together with claim.filed).',
  'claim.reserved': 'Reserves were set or updated.',
  'claim.settled': 'A settlement was approved.',
  'claim.closed': 'A claim was closed.',
  'payment.received': 'A premium payment was processed.',
  'payment.failed': 'A payment attempt failed.',
  'invoice.paid': 'An invoice became fully paid.',
  'da.limit_approaching': 'Delegated-authority aggregate utilization exceeded 85 percent.',
  'compliance.deadline_approaching': 'A filing deadline is within 30 days.',
  'webhook.test': 'Sent by the test operation of a subscription.',
} as const;

export type EventType = keyof typeof EVENT_TYPES;

export const isEventType = (value: string): value is EventType => value in EVENT_TYPES;
