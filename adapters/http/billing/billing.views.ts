import { Type, type Static } from '@sinclair/typebox';
import type { Commission, CommissionSplit } from '../../../core/billing/commission.ts';
import { FINANCIAL_OPERATIONS, type FinancialIncident } from '../../../core/billing/financial-incident.ts';
import { LEDGER_ACCOUNTS, type LedgerEntry } from '../../../core/billing/ledger.ts';
import type { PaymentAttempt } from '../../../core/billing/payment-attempt.ts';
import type { Payment } from '../../../core/billing/payment.ts';
import { owedToInsured } from '../../../core/billing/premium-account.ts';
import { appliedTo, type PremiumPosition } from '../../../core/billing/premium-position.ts';
import { cents, centsToDollars as dollars } from '../../../core/shared/money.ts';
import { monthOfDate } from '../../../core/billing/accounting-period.ts';
import { today } from '../../../core/shared/calendar-date.ts';
import { named, OneOf, Timestamp } from '../shared/common.schemas.ts';
import { isoInstant } from '../../../core/shared/iso-instant.ts';

const Dollars = (description = 'Dollars.') => Type.Number({ description });

/** When a record was booked: the date it was recorded (the organization's) and its accounting month. */
const BOOKING_FIELDS = {
  bookedOn: Type.String({ format: 'date', description: 'The date it was recorded (the organization’s date).' }),
  accountingMonth: Type.String({ description: 'The accounting month it is booked in, YYYY-MM: the first open month when it was recorded.' }),
};

/** Records stored before bookings were kept were booked the day they were recorded. */
const viewBooking = (at: Date, booked: { readonly bookedOn?: string; readonly accountingMonth?: string }) => {
  const bookedOn = booked.bookedOn ?? today(at);
  return { bookedOn, accountingMonth: booked.accountingMonth ?? monthOfDate(bookedOn) };
};

export const PaymentSchema = Type.Object(
  {
    id: Type.String(),
    amount: Dollars('Dollars; negative for a refund or a credit paid out or applied.'),
    method: Type.String({ description: '`card`, `ach`, `check`, `wire`, `other`; `credit` when a credit of the policy was applied (no money moved).' }),
    reference: Type.String({ description: 'Payment-intent or refund id for card payments; the caller’s reference otherwise.' }),
    source: OneOf(['processor', 'manual'] as const),
    refundOf: Type.Optional(Type.String({ description: 'For a refund, the payment it returns money from.' })),
    receivedAt: Timestamp(),
    ...BOOKING_FIELDS,
  },
  { $id: 'Payment', description: 'Money received for an invoice (or paid back), by card or manual method.' },
);

export const viewPayment = (payment: Payment): Static<typeof PaymentSchema> => ({
  id: payment.id,
  amount: dollars(payment.amount),
  method: payment.method,
  reference: payment.reference,
  source: payment.source ?? 'manual',
  ...(payment.refundOf ? { refundOf: payment.refundOf } : {}),
  receivedAt: isoInstant(payment.receivedAt),
  // A payment is booked the day it is received, in that month: the current month is never closed.
  ...viewBooking(payment.receivedAt, {}),
});

export const PaymentAttemptSchema = Type.Object(
  {
    id: Type.String({ description: 'The payment processor’s payment-intent id.' }),
    invoiceId: Type.String(),
    amount: Dollars(),
    currency: Type.Literal('usd'),
    status: OneOf(['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'succeeded', 'failed', 'canceled'] as const),
    failureMessage: Type.Union([Type.String(), Type.Null()]),
    retries: Type.Integer({ minimum: 0 }),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
  },
  { $id: 'PaymentAttempt', description: 'A card payment attempt with the processor, as created or confirmed.' },
);

export const viewAttempt = (attempt: PaymentAttempt): Static<typeof PaymentAttemptSchema> => ({
  id: attempt.id,
  invoiceId: attempt.invoiceId,
  amount: dollars(attempt.amount),
  currency: 'usd' as const,
  status: attempt.status,
  failureMessage: attempt.failureMessage,
  retries: attempt.retries,
  createdAt: isoInstant(attempt.createdAt),
  updatedAt: isoInstant(attempt.updatedAt),
});

export const CommissionSchema = Type.Object(
  {
    id: Type.String(),
    policyId: Type.String(),
    producerId: Type.String(),
    invoiceId: Type.Union([Type.String(), Type.Null()], { description: 'The invoice whose payment or refund caused it; null for a premium transaction.' }),
    sourceKey: Type.String({ description: 'The ledger posting it belongs to.' }),
    description: Type.String(),
    lineOfBusiness: Type.String(),
    tier: Type.String(),
    rates: Type.Object({ agentRateBps: Type.Integer(), mgaRateBps: Type.Integer() }, { description: 'Basis points of gross premium.' }),
    grossPremium: Dollars('Dollars of premium paid (negative: given back) that this change is on.'),
    agentCommission: Dollars(),
    mgaCommission: Dollars(),
    carrierNet: Dollars('Dollars; with the two commissions it sums to the gross premium exactly.'),
    createdAt: Timestamp(),
    ...BOOKING_FIELDS,
  },
  {
    $id: 'Commission',
    description:
      'A change of commission on a policy: earned as its premium is paid, given back (negative amounts) when premium is refunded or returned by a cancellation. The changes of a policy sum to the split of the premium paid and kept.',
  },
);

const viewSplit = (split: CommissionSplit) => ({
  grossPremium: dollars(split.grossPremium),
  agentCommission: dollars(split.agentCommission),
  mgaCommission: dollars(split.mgaCommission),
  carrierNet: dollars(split.carrierNet),
});

export const viewCommission = (commission: Commission): Static<typeof CommissionSchema> => ({
  id: commission.id,
  policyId: commission.policyId,
  producerId: commission.producerId,
  invoiceId: commission.invoiceId,
  sourceKey: commission.sourceKey,
  description: commission.description,
  lineOfBusiness: commission.lineOfBusiness,
  tier: commission.tier,
  rates: { agentRateBps: commission.rates.agentRateBps, mgaRateBps: commission.rates.mgaRateBps },
  ...viewSplit(commission),
  createdAt: isoInstant(commission.createdAt),
  ...viewBooking(commission.createdAt, commission),
});

/**
 * Where a policy's money stands: the cash held, what of it pays each charge (premium, the policy
 * fee and every payee of the tax schedule), and what is left over or still owed. The parts and
 * `owedToInsured` add up to `cashHeld`, to the cent.
 */
const PositionSchema = Type.Object({
  cashHeld: Dollars('Every payment received for the policy, refunds taken off.'),
  premium: Dollars('What of the cash pays premium.'),
  policyFee: Dollars(),
  surplusLinesTax: Dollars(),
  stampingFee: Dollars(),
  fireMarshalTax: Dollars(),
  stateFundFee: Dollars(),
  localPremiumTax: Dollars(),
  owedToInsured: Dollars('Cash beyond what the policy owes: return premium or an overpayment.'),
  receivable: Dollars('What the insured still owes: the charges beyond the cash applied to them, less write-offs.'),
});

export const viewPosition = (position: PremiumPosition): Static<typeof PositionSchema> => ({
  cashHeld: dollars(position.cashHeld),
  premium: dollars(appliedTo(position, 'premium')),
  policyFee: dollars(appliedTo(position, 'policyFee')),
  surplusLinesTax: dollars(appliedTo(position, 'surplusLinesTax')),
  stampingFee: dollars(appliedTo(position, 'stampingFee')),
  fireMarshalTax: dollars(appliedTo(position, 'fireMarshalTax')),
  stateFundFee: dollars(appliedTo(position, 'stateFundFee')),
  localPremiumTax: dollars(appliedTo(position, 'localPremiumTax')),
  owedToInsured: dollars(owedToInsured(position)),
  receivable: dollars(position.receivable ?? cents(0)),
});

export const LedgerEntrySchema = Type.Object(
  {
    id: Type.String(),
    sourceKey: Type.String(),
    invoiceId: Type.Union([Type.String(), Type.Null()], { description: 'The invoice whose payment or refund caused it; null for a premium transaction.' }),
    policyId: Type.String(),
    sequence: Type.Integer({ description: "The posting's number among the policy's postings, from 1." }),
    description: Type.String(),
    position: Type.Object({ from: PositionSchema, to: PositionSchema }, { description: "Where the policy's money stood before and after the posting." }),
    lines: Type.Array(Type.Object({ account: OneOf(Object.keys(LEDGER_ACCOUNTS)), accountName: Type.String(), debit: Dollars(), credit: Dollars() })),
    fiduciarySplit: Type.Object({
      heldForCarrier: Dollars(),
      heldForProducer: Dollars(),
      heldForState: Dollars('Surplus lines taxes and fees, held for the state, its stamping office, fire marshal, funds and localities.'),
      heldForInsured: Dollars('Return premium and money received beyond what is owed.'),
      earnedByMga: Dollars('MGA commission and policy fees.'),
    }),
    postedAt: Timestamp(),
    ...BOOKING_FIELDS,
  },
  { $id: 'LedgerEntry', description: 'A double-entry ledger posting: balanced debit and credit lines.' },
);

export const viewLedgerEntry = (entry: LedgerEntry): Static<typeof LedgerEntrySchema> => ({
  id: entry.id,
  sourceKey: entry.sourceKey,
  invoiceId: entry.invoiceId,
  policyId: entry.policyId,
  sequence: entry.sequence,
  description: entry.description,
  position: { from: viewPosition(entry.position.from), to: viewPosition(entry.position.to) },
  lines: entry.lines.map((line) => ({
    account: line.account,
    accountName: LEDGER_ACCOUNTS[line.account],
    debit: dollars(line.debit),
    credit: dollars(line.credit),
  })),
  fiduciarySplit: {
    heldForCarrier: dollars(entry.fiduciarySplit.heldForCarrier),
    heldForProducer: dollars(entry.fiduciarySplit.heldForProducer),
    heldForState: dollars(entry.fiduciarySplit.heldForState),
    heldForInsured: dollars(entry.fiduciarySplit.heldForInsured),
    earnedByMga: dollars(entry.fiduciarySplit.earnedByMga),
  },
  postedAt: isoInstant(entry.postedAt),
  ...viewBooking(entry.postedAt, entry),
});

export const FinancialIncidentSchema = Type.Object(
  {
    id: Type.String(),
    type: Type.Literal('financial.operation_failed'),
    operation: OneOf(FINANCIAL_OPERATIONS),
    severity: Type.Literal('critical'),
    requiresManualReview: Type.Literal(true),
    priority: Type.Union([Type.Literal(1), Type.Literal(2)]),
    reference: Type.String({ description: 'The processor id (payment intent or refund) the operation was about.' }),
    invoiceId: Type.Union([Type.String(), Type.Null()]),
    error: Type.String(),
    createdAt: Timestamp(),
  },
  { $id: 'FinancialIncident', description: 'A money movement that needs a person: a failed refund, a mismatch, a payment after cancellation.' },
);

export const viewIncident = (incident: FinancialIncident): Static<typeof FinancialIncidentSchema> => ({
  id: incident.id,
  type: incident.type,
  operation: incident.operation,
  severity: incident.severity,
  requiresManualReview: incident.requiresManualReview,
  priority: incident.priority,
  reference: incident.reference,
  invoiceId: incident.invoiceId,
  error: incident.error,
  createdAt: isoInstant(incident.createdAt),
});

/** What creating a payment intent answers. */
export const PaymentIntentSchema = named(
  'PaymentIntent',
  'A card payment attempt with what the browser needs to finish it.',
  Type.Composite([
    PaymentAttemptSchema,
    Type.Object({
      clientSecret: Type.Union([Type.String(), Type.Null()]),
      receiptDocumentId: Type.Optional(Type.String({ description: 'With `confirm: true`: the stored receipt of the payment (`GET /v1/documents/{id}`).' })),
    }),
  ]),
);
