/** Fee, taxes and state fees as the API shows them beside premium: by payee and component by component. */
import { Type, type Static } from '@sinclair/typebox';
import { amountsByCode, amountsByPayee, taxTotal } from '../../../core/underwriting/charge-amounts.ts';
import type { ChargeComponent, ChargeTerms, FeesAndTaxes, TaxCharge } from '../../../core/underwriting/charge-terms.ts';
import { TAX_KINDS, type TaxKind } from '../../../core/underwriting/tax-schedule.ts';
import { cents, centsToDollars, type Cents } from '../../../core/shared/money.ts';
import { Nullable, OneOf } from '../shared/common.schemas.ts';

const PAYEE_DESCRIPTION = {
  surplusLinesTax: 'Owed to the state: its surplus lines premium tax and any surcharge, filing or regulatory fee it collects with it.',
  stampingFee: 'Owed to the state’s stamping office or surplus lines association.',
  fireMarshalTax: 'Owed to the state fire marshal (taxes on the fire part of premium).',
  stateFundFee: 'Owed to another fund of the state: a windstorm pool, an emergency fund, a clearinghouse.',
  localPremiumTax: 'Owed to the city or county where the risk is.',
} as const;

const amount = (description: string) => Type.Number({ description: `Dollars. ${description}` });

const ChargeComponentSchema = Type.Object(
  {
    code: Type.String({ description: "The component's code in the home state's schedule." }),
    name: Type.String(),
    payee: OneOf(TAX_KINDS, { description: 'Who is paid; each payee is its own payable in the ledger.' }),
    amount: amount('What this component charges (net of returns on a policy).'),
    percent: Nullable(Type.Number({ description: 'Percent of what it is levied on; null for a flat fee.' })),
    flat: Nullable(Type.Number({ description: 'Dollars per policy or per filing; null for a percent.' })),
    levy: OneOf(['premium', 'premium_and_fees'], { description: 'Whether the policy fee is levied on too.' }),
    premiumShare: Type.Number({ description: 'Percent of the premium levied on: 100, or the fire or marine part of the line.' }),
    refund: OneOf(['pro_rata', 'never', 'flat_cancel_only'], { description: 'What a cancellation returns of it.' }),
    source: Type.String({ description: 'The statute, stamping office or regulator that sets it.' }),
  },
  {
    $id: 'ChargeComponent',
    description: 'One charge of the home state’s surplus lines schedule as a term is placed with it: its rule, its source and what it charges.',
  },
);

/** One component's amount on a transaction or a report, named as the term's schedule names it. */
export const ComponentAmountSchema = Type.Object(
  {
    code: Type.String(),
    name: Type.String(),
    payee: OneOf(TAX_KINDS),
    amount: Type.Number({ description: 'Dollars (negative when returned).' }),
  },
  { $id: 'ChargeComponentAmount', description: 'What one component of the home state’s surplus lines schedule charged or returned.' },
);

/** The taxes' totals by payee, as response fields. */
export const PAYEE_TOTALS = {
  surplusLinesTax: amount(PAYEE_DESCRIPTION.surplusLinesTax),
  stampingFee: amount(PAYEE_DESCRIPTION.stampingFee),
  fireMarshalTax: amount(PAYEE_DESCRIPTION.fireMarshalTax),
  stateFundFee: amount(PAYEE_DESCRIPTION.stateFundFee),
  localPremiumTax: amount(PAYEE_DESCRIPTION.localPremiumTax),
};

export const payeeTotals = (taxes: readonly TaxCharge[]): Record<TaxKind, number> => {
  const byPayee = amountsByPayee(taxes);
  return {
    surplusLinesTax: centsToDollars(byPayee.surplusLinesTax),
    stampingFee: centsToDollars(byPayee.stampingFee),
    fireMarshalTax: centsToDollars(byPayee.fireMarshalTax),
    stateFundFee: centsToDollars(byPayee.stateFundFee),
    localPremiumTax: centsToDollars(byPayee.localPremiumTax),
  };
};

export const viewComponentAmounts = (taxes: readonly TaxCharge[], terms: ChargeTerms): Static<typeof ComponentAmountSchema>[] => {
  const names = new Map(terms.components.map((component) => [component.code, component.name]));
  return taxes.map((tax) => ({ code: tax.code, name: names.get(tax.code) ?? tax.code, payee: tax.payee, amount: centsToDollars(tax.amount) }));
};

export const TaxesAndFeesSchema = Type.Object(
  {
    policyFee: amount("The program's policy fee, the MGA's income."),
    ...PAYEE_TOTALS,
    components: Type.Array(ChargeComponentSchema, { description: "Each charge of the home state's schedule in force on the effective date." }),
    taxState: Type.Union([Type.String(), Type.Null()], {
      description: "The insured's home state the surplus lines charges are owed to; null when the program is not surplus lines.",
    }),
    locality: Nullable(Type.String({ description: 'The locality whose local premium tax is charged, if any.' })),
    total: Type.Number({ description: 'Dollars: premium, fee and taxes together, what the insured pays.' }),
  },
  {
    $id: 'TaxesAndFees',
    description:
      "Charged beside premium, on their own invoice lines and outside the commission base: the program's policy fee and, for a surplus lines program, each component of the home state's schedule, totalled by payee. A cancellation returns each by its own rule (pro rata, never, or only on a flat cancel).",
  },
);

const percentOf = (rate: number): number => rate / 1000;

const viewComponent = (component: ChargeComponent, amount: Cents): Static<typeof ChargeComponentSchema> => ({
  code: component.code,
  name: component.name,
  payee: component.payee,
  amount: centsToDollars(amount),
  percent: component.flat === null && component.rate !== null ? percentOf(component.rate) : null,
  flat: component.flat === null ? null : centsToDollars(component.flat),
  levy: component.onFees ? 'premium_and_fees' : 'premium',
  premiumShare: percentOf(component.share),
  refund: component.refund,
  source: component.source,
});

export const viewTaxesAndFees = (premium: Cents, charges: FeesAndTaxes, terms: ChargeTerms): Static<typeof TaxesAndFeesSchema> => {
  const byCode = amountsByCode(charges.taxes);
  return {
    policyFee: centsToDollars(charges.policyFee),
    ...payeeTotals(charges.taxes),
    components: terms.components.map((component) => viewComponent(component, byCode.get(component.code)?.amount ?? cents(0))),
    taxState: terms.taxState,
    locality: terms.locality ?? null,
    total: centsToDollars(cents(premium + charges.policyFee + taxTotal(charges.taxes))),
  };
};
