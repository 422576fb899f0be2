import { Type, type Static } from '@sinclair/typebox';
import { PAYOUT_METHODS, type ProducerPayout, type ProducerStatement } from '../../../core/billing/producer-payout.ts';
import { centsToDollars as dollars } from '../../../core/shared/money.ts';
import { Dollars, named, OneOf, Timestamp } from '../shared/common.schemas.ts';
import { isoInstant } from '../../../core/shared/iso-instant.ts';

export const ProducerPayoutSchema = named(
  'ProducerPayout',
  'Commission paid to a producer for a statement month, with how and when it was booked.',
  Type.Object({
    id: Type.String(),
    producerId: Type.String(),
    amount: Dollars,
    method: OneOf(PAYOUT_METHODS),
    reference: Type.String(),
    month: Type.String({ description: 'The statement month it settles, YYYY-MM.' }),
    paidBy: Type.String(),
    createdAt: Timestamp(),
    bookedOn: Type.String({ format: 'date' }),
    accountingMonth: Type.String({ description: 'The accounting month it is booked in, YYYY-MM.' }),
  }),
);

export const viewPayout = (payout: ProducerPayout): Static<typeof ProducerPayoutSchema> => ({
  id: payout.id,
  producerId: payout.producerId,
  amount: dollars(payout.amount),
  method: payout.method,
  reference: payout.reference,
  month: payout.month,
  paidBy: payout.paidBy,
  createdAt: isoInstant(payout.createdAt),
  bookedOn: payout.bookedOn,
  accountingMonth: payout.accountingMonth,
});

export const ProducerStatementSchema = named(
  'ProducerStatement',
  'A producer’s commission statement of a month: what was payable at its start, commission earned and clawed back in it, what was paid for it, and what is payable at its end (closing = opening + earned − clawedBack − paid).',
  Type.Object({
    producerId: Type.String(),
    month: Type.String(),
    opening: Dollars,
    earned: Dollars,
    clawedBack: Dollars,
    paid: Dollars,
    closing: Dollars,
    payouts: Type.Array(ProducerPayoutSchema),
  }),
);

export const viewStatement = (statement: ProducerStatement & { payouts: ProducerPayout[] }): Static<typeof ProducerStatementSchema> => ({
  producerId: statement.producerId,
  month: statement.month,
  opening: dollars(statement.opening),
  earned: dollars(statement.earned),
  clawedBack: dollars(statement.clawedBack),
  paid: dollars(statement.paid),
  closing: dollars(statement.closing),
  payouts: statement.payouts.map(viewPayout),
});
