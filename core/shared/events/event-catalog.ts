/**
 * Outbound event types tenants can subscribe to, with what each one means: only events this
 * service emits. A feature adds its events here when it lands.
 */
export const EVENT_TYPES = {
  'policy.bound': 'A policy was bound.',
  'policy.endorsed': 'A mid-term endorsement was applied.',
  'policy.cancelled': 'A policy was cancelled.',
  'policy.reinstated': 'A cancelled policy was reinstated within its window; the returned premium is charged again.',
  'policy.renewed': 'A renewal policy was created.',
  'policy.cancellation_notice_sent':
    "A notice of cancellation for non-payment was sent to the insured and the producer: the policy cancels on `cancelsOn` (the home state's notice period) unless what is past due is paid by then.",
  'policy.cancellation_rescinded':
    'What was past due was paid before the notice ran out: the notice of cancellation is withdrawn and the policy stays in force.',
  'policy.renewal_offered':
    "The next term was prepared before the term expires (the program's `renewalOfferDays`): a quote on the rates in force on the renewal date, offered, referred or declined; `renew` accepts an offer.",
  'policy.expired': 'A term reached its expiration date (a renewal, if any, is a new policy).',
  'payment.received': 'A premium payment was processed.',
  'payment.failed': 'A payment attempt failed.',
  'invoice.paid': 'An invoice became fully paid.',
  'invoice.past_due': "An installment or charge is still unpaid the day after its due date plus the program's grace days.",
  'claim.filed': 'A first notice of loss was received.',
  'claim.opened': 'A claim was opened (with its first notice of loss).',
  'claim.reserved': 'Reserves were set or updated.',
  'claim.settled': 'A settlement was approved.',
  'claim.closed': 'A claim was closed.',
  'da.limit_approaching': "A program's written premium for the year passed 85 % of its aggregate cap (once per program and day).",
  'compliance.deadline_approaching':
    'A licence expiry, appointment renewal, state filing or policy filing falls due: sent 30 days before and again 7 days before, once each.',
  'webhook.test': 'Sent by the test operation of a subscription.',
} as const;

export type EventType = keyof typeof EVENT_TYPES;

export const isEventType = (value: string): value is EventType => value in EVENT_TYPES;
