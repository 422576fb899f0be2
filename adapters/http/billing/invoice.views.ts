/** Invoices as the API shows them: money in dollars, each charge on a line of its own. */
import { Type, type Static } from '@sinclair/typebox';
import { codeOfLine, lineName, linesOf, type Invoice } from '../../../core/billing/invoice.ts';
import { centsToDollars as dollars } from '../../../core/shared/money.ts';
import { Dollars, OneOf, Timestamp } from '../shared/common.schemas.ts';
import { isoInstant } from '../../../core/shared/iso-instant.ts';

/** Line kinds as the API names them. */
const LINE_KIND = {
  premium: 'premium',
  policyFee: 'policy_fee',
  surplusLinesTax: 'surplus_lines_tax',
  stampingFee: 'stamping_fee',
  fireMarshalTax: 'fire_marshal_tax',
  stateFundFee: 'state_fund_fee',
  localPremiumTax: 'local_premium_tax',
} as const;

export const viewInvoice = (invoice: Invoice): Static<typeof InvoiceSchema> => ({
  id: invoice.id,
  invoiceNumber: invoice.invoiceNumber,
  policyId: invoice.policyId,
  kind: invoice.kind,
  amount: dollars(invoice.amount),
  lines: linesOf(invoice).map((line) => ({ kind: LINE_KIND[line.kind], code: codeOfLine(line), name: lineName(line), amount: dollars(line.amount) })),
  paidAmount: dollars(invoice.paidAmount),
  dueDate: invoice.dueDate,
  status: invoice.status,
  createdAt: isoInstant(invoice.createdAt),
  writeOff: invoice.writeOff
    ? {
        amount: dollars(invoice.writeOff.amount),
        reason: invoice.writeOff.reason,
        by: invoice.writeOff.by,
        at: isoInstant(invoice.writeOff.at),
        bookedOn: invoice.writeOff.bookedOn,
        accountingMonth: invoice.writeOff.accountingMonth,
      }
    : null,
});

const InvoiceLineSchema = Type.Object(
  {
    kind: OneOf(Object.values(LINE_KIND), {
      description:
        "Who the line is owed to: `premium` carries commission; `policy_fee` is the MGA's; the others are held for their payee (`surplus_lines_tax` the state, `stamping_fee` its stamping office, `fire_marshal_tax` the fire marshal, `state_fund_fee` another state fund, `local_premium_tax` the city or county). Fee and taxes are billed with the first installment.",
    }),
    code: Type.String({ description: "The tax component's code in the home state's schedule (`premium` and `policyFee` for those lines)." }),
    name: Type.String({ description: "What the line is: the component's name in the home state's schedule (e.g. `Fire marshal tax`)." }),
    amount: Type.Number({ description: 'Dollars (negative on a credit).' }),
  },
  { $id: 'InvoiceLine', description: 'One line of an invoice: premium, tax or fee.' },
);

export const InvoiceSchema = Type.Object(
  {
    id: Type.String(),
    invoiceNumber: Type.String(),
    policyId: Type.String(),
    kind: Type.String(),
    amount: Type.Number({ description: 'Dollars: the sum of the lines.' }),
    lines: Type.Array(InvoiceLineSchema),
    paidAmount: Dollars,
    dueDate: Type.String({ format: 'date' }),
    status: Type.String({ description: '`open`, `past_due` (unpaid past its grace days), `paid`, `void` or `written_off`.' }),
    createdAt: Timestamp(),
    writeOff: Type.Union(
      [
        Type.Object({
          amount: Dollars,
          reason: Type.String(),
          by: Type.String(),
          at: Timestamp(),
          bookedOn: Type.String({ format: 'date' }),
          accountingMonth: Type.String({ description: 'YYYY-MM.' }),
        }),
        Type.Null(),
      ],
      { description: 'What was left unpaid and written off as uncollectible, when, by whom and why; null unless `written_off`.' },
    ),
  },
  { $id: 'Invoice', description: 'An amount billed to the insured (an installment, an adjustment or a credit), with its lines and status.' },
);
