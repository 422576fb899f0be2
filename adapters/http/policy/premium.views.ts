import { Type, type Static } from '@sinclair/typebox';
import { centsToDollars } from '../../../core/shared/money.ts';
import { bookedMonthOf } from '../../../core/policy/premium-booking.ts';
import { feesOf } from '../../../core/policy/policy-charges.ts';
import { chargedPartsOf } from '../../../core/policy/charged-parts.ts';
import { ComponentAmountSchema, PAYEE_TOTALS, payeeTotals, viewComponentAmounts } from '../underwriting/charges.views.ts';
import type { OrganizationPremiumReport, PolicyPremiumReport, PremiumFigures } from '../../../ports/policy/policy-premium.use-case.ts';

const Dollars = (description: string) => Type.Number({ description: `${description} In dollars.` });

export const PremiumReportSchema = Type.Object(
  {
    asOf: Type.String({ format: 'date', description: 'The figures are through the end of this day.' }),
    written: Dollars('Premium written by the transactions effective on or before the date.'),
    earned: Dollars('Premium earned through the end of the date, day by day over each transaction’s period.'),
    unearned: Dollars('Written less earned.'),
    billed: Dollars('Premium on the invoices not voided that fall due on or before the date; credits count negative.'),
    collected: Dollars('Payments received on or before the date (premium, fee and taxes alike), refunds taken off.'),
    taxesAndFees: Type.Object(
      {
        policyFee: Dollars('The policy fee.'),
        ...PAYEE_TOTALS,
        components: Type.Array(ComponentAmountSchema, { description: "Each component of the home state's schedule, net of returns." }),
      },
      { description: 'Charged beside premium by the transactions effective on or before the date, net of returns; by payee and by component.' },
    ),
    transactions: Type.Array(
      Type.Object({
        type: Type.String({ description: '`bind`, `renewal`, `endorsement`, `cancellation` or `reinstatement`.' }),
        effectiveDate: Type.String({ format: 'date' }),
        writtenChange: Dollars('Written premium the transaction adds (negative when it returns premium).'),
        policyFee: Dollars('The policy fee it charges (negative when it returns it).'),
        taxes: Type.Array(ComponentAmountSchema, { description: 'Each tax and state fee it charges or returns.' }),
        bookedOn: Type.Union([Type.String({ format: 'date' }), Type.Null()], {
          description: 'The date it was recorded (the organization’s date); null on transactions recorded before it was kept.',
        }),
        accountingMonth: Type.String({
          description: 'The accounting month it is booked in, YYYY-MM: its effective month while open, else the first open month.',
        }),
        parts: Type.Array(
          Type.Object({
            effectiveDate: Type.String({ format: 'date', description: 'The date the part takes effect: a later change taken back keeps its own.' }),
            accountingMonth: Type.String({ description: 'The month the part is reported in, YYYY-MM: the later of its own and the transaction’s.' }),
            written: Dollars('The written premium of the part.'),
            charges: Type.Object(
              { policyFee: Dollars('The policy fee of the part.'), ...PAYEE_TOTALS },
              { description: 'The fee and the taxes levied on the part’s premium, by payee.' },
            ),
          }),
          {
            description:
              'Where the transaction falls in time (CONTRACT 18.2): one part, or for a cancellation that takes back later changes, one part per date; the parts add up to the transaction.',
          },
        ),
      }),
      { description: 'The term’s premium transactions, oldest first.' },
    ),
  },
  {
    $id: 'PolicyPremium',
    description: 'A policy’s premium as of a date, as a carrier’s premium bordereau reports it.',
  },
);

export const viewPremiumReport = (report: PolicyPremiumReport): Static<typeof PremiumReportSchema> => {
  const parts = chargedPartsOf(report.transactions);
  return {
    asOf: report.asOf,
    written: centsToDollars(report.written),
    earned: centsToDollars(report.earned),
    unearned: centsToDollars(report.unearned),
    billed: centsToDollars(report.billed),
    collected: centsToDollars(report.collected),
    taxesAndFees: {
      policyFee: centsToDollars(report.taxesAndFees.policyFee),
      ...payeeTotals(report.taxesAndFees.taxes),
      components: viewComponentAmounts(report.taxesAndFees.taxes, report.chargeTerms),
    },
    transactions: report.transactions.map((transaction, index) => ({
      type: transaction.type,
      effectiveDate: transaction.effectiveDate,
      writtenChange: centsToDollars(transaction.writtenChange),
      policyFee: centsToDollars(feesOf(transaction).policyFee),
      taxes: viewComponentAmounts(feesOf(transaction).taxes, report.chargeTerms),
      bookedOn: transaction.bookedOn ?? null,
      accountingMonth: bookedMonthOf(transaction),
      parts: parts[index]!.map((part) => ({
        effectiveDate: part.effectiveDate,
        accountingMonth: part.accountingMonth,
        written: centsToDollars(part.writtenChange),
        charges: { policyFee: centsToDollars(part.fees.policyFee), ...payeeTotals(part.fees.taxes) },
      })),
    })),
  };
};

const FIGURES = {
  policyCount: Type.Integer({ minimum: 0, description: 'Policies with premium written on or before the date.' }),
  written: Dollars('Premium written by the transactions effective on or before the date.'),
  earned: Dollars('Premium earned through the end of the date.'),
  unearned: Dollars('Written less earned: the unearned premium reserve.'),
};

export const OrganizationPremiumSchema = Type.Object(
  {
    asOf: Type.String({ format: 'date', description: 'The figures are through the end of this day.' }),
    ...FIGURES,
    byLineOfBusiness: Type.Array(Type.Object({ lineOfBusiness: Type.String(), ...FIGURES })),
  },
  {
    $id: 'PremiumReport',
    description: 'An organization’s written, earned and unearned premium as of a date, in all and by line of business.',
  },
);

const viewFigures = (figures: PremiumFigures) => ({
  policyCount: figures.policyCount,
  written: centsToDollars(figures.written),
  earned: centsToDollars(figures.earned),
  unearned: centsToDollars(figures.unearned),
});

export const viewOrganizationPremium = (report: OrganizationPremiumReport): Static<typeof OrganizationPremiumSchema> => ({
  asOf: report.asOf,
  ...viewFigures(report),
  byLineOfBusiness: report.byLineOfBusiness.map((line) => ({ lineOfBusiness: line.lineOfBusiness, ...viewFigures(line) })),
});
