import { Type, type Static } from '@sinclair/typebox';
import type { TrialBalance } from '../../../core/billing/trial-balance.ts';
import { centsToDollars } from '../../../core/shared/money.ts';
import type { ClosedMonth } from '../../../ports/reports/closed-months.repository.ts';
import type { AccountingPeriod } from '../../../ports/reports/period-closing.use-case.ts';
import { Dollars, MONTH_PATTERN, named, Nullable, Timestamp } from '../shared/common.schemas.ts';
import { isoInstant } from '../../../core/shared/iso-instant.ts';

export const AccountingPeriodSchema = named(
  'AccountingPeriod',
  'A month of the books: open (transactions effective in it are booked in it) or closed (nothing more is booked in it; its bordereaux never change).',
  Type.Object({
    month: Type.String({ pattern: MONTH_PATTERN, description: 'YYYY-MM.' }),
    status: Type.Union([Type.Literal('open'), Type.Literal('closed')]),
    ended: Type.Boolean({ description: 'The month has ended on the organization’s date: it may close once every month before it has.' }),
    closedAt: Nullable(Timestamp()),
    closedBy: Nullable(Type.String()),
  }),
);

export const viewPeriod = (period: AccountingPeriod): Static<typeof AccountingPeriodSchema> => ({
  ...period,
  closedAt: period.closedAt ? isoInstant(period.closedAt) : null,
});

export const TrialBalanceSchema = named(
  'TrialBalance',
  'Each ledger account’s debits and credits booked in the month, and its balance through the month’s end (debit positive). Debits equal credits, and the balances sum to zero.',
  Type.Object({
    month: Type.String({ pattern: MONTH_PATTERN }),
    accounts: Type.Array(Type.Object({ account: Type.String(), name: Type.String(), debits: Dollars, credits: Dollars, balance: Dollars })),
    totals: Type.Object({ debits: Dollars, credits: Dollars, balance: Dollars }),
  }),
);

const viewTrialBalance = (balance: TrialBalance): Static<typeof TrialBalanceSchema> => ({
  month: balance.month,
  accounts: balance.accounts.map((line) => ({
    account: line.account,
    name: line.name,
    debits: centsToDollars(line.debits),
    credits: centsToDollars(line.credits),
    balance: centsToDollars(line.balance),
  })),
  totals: {
    debits: centsToDollars(balance.totals.debits),
    credits: centsToDollars(balance.totals.credits),
    balance: centsToDollars(balance.totals.balance),
  },
});

export const ClosedPeriodSchema = named(
  'ClosedPeriod',
  'A month as it closed, with its trial balance.',
  Type.Object({
    month: Type.String({ pattern: MONTH_PATTERN }),
    status: Type.Literal('closed'),
    closedAt: Timestamp(),
    closedBy: Type.String(),
    trialBalance: TrialBalanceSchema,
  }),
);

export const viewClosedPeriod = (closed: ClosedMonth): Static<typeof ClosedPeriodSchema> => ({
  month: closed.month,
  status: 'closed',
  closedAt: isoInstant(closed.closedAt),
  closedBy: closed.closedBy,
  trialBalance: viewTrialBalance(closed.trialBalance),
});
