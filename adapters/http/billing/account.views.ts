import { Type, type Static } from '@sinclair/typebox';
import type { PolicyAccount } from '../../../core/billing/policy-account.ts';
import type { CalendarDate } from '../../../core/shared/calendar-date.ts';
import { centsToDollars as dollars } from '../../../core/shared/money.ts';
import { DateOnly, Dollars } from '../shared/common.schemas.ts';

const AgingSchema = Type.Object(
  { current: Dollars, days1to30: Dollars, days31to60: Dollars, days61to90: Dollars, over90: Dollars },
  { description: 'What is still owed on open charges by days past their due date (`current`: not yet past due).' },
);

const ACCOUNT_FIELDS = {
  charges: Type.Number({ description: 'Dollars: every charge issued (installments and additional charges), not void.' }),
  credits: Type.Number({ description: 'Dollars: return premium credited, not void.' }),
  payments: Type.Number({ description: 'Dollars: money received from the insured.' }),
  refunds: Type.Number({ description: 'Dollars: money given back to the insured.' }),
  writtenOff: Type.Number({
    description:
      'Dollars: what was left unpaid of charges and written off as uncollectible, at most what the insured would otherwise owe (return premium credited on a written-off charge reduces the write-off; it is not owed back).',
  }),
  unapplied: Type.Number({ description: 'Dollars: cash held beyond what the charges, net of credits and write-offs, ask.' }),
  balance: Type.Number({
    description: 'Dollars: charges − credits − payments + refunds − written off; what the insured owes (negative: owed to the insured).',
  }),
  aging: AgingSchema,
};

export const PolicyAccountSchema = Type.Object(
  { asOf: DateOnly, ...ACCOUNT_FIELDS },
  {
    $id: 'PolicyAccount',
    description:
      "The insured's account on a policy: return premium is applied to open charges first (oldest due first), so what the insured owes is one balance, and only what exceeds the cash collected is owed back.",
  },
);

const viewFields = (account: PolicyAccount) => ({
  charges: dollars(account.charges),
  credits: dollars(account.credits),
  payments: dollars(account.payments),
  refunds: dollars(account.refunds),
  writtenOff: dollars(account.writtenOff),
  unapplied: dollars(account.unapplied),
  balance: dollars(account.balance),
  aging: {
    current: dollars(account.aging.current),
    days1to30: dollars(account.aging.days1to30),
    days31to60: dollars(account.aging.days31to60),
    days61to90: dollars(account.aging.days61to90),
    over90: dollars(account.aging.over90),
  },
});

export const viewAccount = (account: { asOf: CalendarDate } & PolicyAccount): Static<typeof PolicyAccountSchema> => ({
  asOf: account.asOf,
  ...viewFields(account),
});

export const ReceivablesSchema = Type.Object(
  {
    asOf: DateOnly,
    totals: Type.Object(ACCOUNT_FIELDS, { description: 'Every policy account of the organization added up (all pages).' }),
    policies: Type.Array(Type.Object({ policyId: Type.String(), ...ACCOUNT_FIELDS }), {
      description: 'A page of the policies with anything charged, credited or paid, in id order (`limit`, `cursor`).',
    }),
    nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'The cursor of the next page of policies; null on the last.' }),
  },
  {
    $id: 'ReceivablesAging',
    description: "The organization's receivables on a date: what each insured owes (or is owed), aged by days past due, and the totals.",
  },
);

export const viewReceivables = (report: {
  asOf: CalendarDate;
  totals: PolicyAccount;
  policies: (PolicyAccount & { policyId: string })[];
  nextCursor: string | null;
}): Static<typeof ReceivablesSchema> => ({
  asOf: report.asOf,
  totals: viewFields(report.totals),
  policies: report.policies.map((policy) => ({ policyId: policy.policyId, ...viewFields(policy) })),
  nextCursor: report.nextCursor,
});

export const RECEIVABLES_COLUMNS = [
  'Policy',
  'Charges',
  'Credits',
  'Payments',
  'Refunds',
  'Written Off',
  'Unapplied',
  'Balance',
  'Current',
  '1-30',
  '31-60',
  '61-90',
  'Over 90',
] as const;

/** One CSV row of an account, in dollars. */
export const receivablesRow = (label: string, account: PolicyAccount): (string | number)[] => [
  label,
  ...[account.charges, account.credits, account.payments, account.refunds, account.writtenOff, account.unapplied, account.balance].map(dollars),
  ...[account.aging.current, account.aging.days1to30, account.aging.days31to60, account.aging.days61to90, account.aging.over90].map(dollars),
];
