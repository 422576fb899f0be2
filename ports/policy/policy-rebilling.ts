import { adjustmentInvoice, type Invoice } from '../../core/billing/invoice.ts';
import { billingAdjustment, installmentsVoidedBy } from '../../core/billing/premium-billing.ts';
import { chargeTermsOf, premiumTermOf, type Policy } from '../../core/policy/policy.ts';
import { chargeItemsOwed } from '../../core/policy/policy-charges.ts';
import type { CalendarDate } from '../../core/shared/calendar-date.ts';
import type { Principal } from '../../core/shared/access/principal.ts';
import type { CreditSettlement } from '../billing/credit-settlement.use-case.ts';
import type { InvoiceRepository } from '../billing/invoice.repository.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';

/**
 * The adjustment invoice that brings a policy's invoices to what it owes after a premium
 * transaction (`policy` as it is after it), line by line; null when they match already.
 */
export const adjustmentFor = async (
  deps: { readonly invoices: InvoiceRepository; readonly ids: IdGenerator; readonly clock: Clock },
  policy: Policy,
  dueDate: CalendarDate,
): Promise<Invoice | null> => {
  const invoices = await deps.invoices.forPolicy(policy.orgId, policy.id);
  const lines = billingAdjustment(invoices, chargeItemsOwed(premiumTermOf(policy), chargeTermsOf(policy)));
  if (lines.length === 0) return null;
  return adjustmentInvoice(policy, invoices.length + 1, lines, dueDate, deps.ids.next('inv'), deps.clock.now(policy.orgId));
};

/**
 * Brings a policy's invoices to what it owes (net written premium, fee and taxes) after a premium
 * transaction: a cancellation first voids the installments left unpaid that fall due from its
 * date, then one adjustment (a charge, or a credit) due on `dueDate` covers the difference, line
 * by line; last, the policy's open credits are applied to its open charges, so return premium
 * reduces what the insured owes and only the rest is owed back.
 */
export const rebillPolicy = async (
  deps: { readonly invoices: InvoiceRepository; readonly credits: CreditSettlement; readonly ids: IdGenerator; readonly clock: Clock },
  actor: Principal,
  policy: Policy,
  cancelledFrom: CalendarDate | null,
  dueDate: CalendarDate,
): Promise<void> => {
  let invoices = await deps.invoices.forPolicy(policy.orgId, policy.id);
  if (cancelledFrom) {
    // Each void is guarded: an installment paid meanwhile stays, and the adjustment counts it.
    await deps.invoices.markAllVoid(policy.orgId, installmentsVoidedBy(invoices, cancelledFrom));
    invoices = await deps.invoices.forPolicy(policy.orgId, policy.id);
  }
  const lines = billingAdjustment(invoices, chargeItemsOwed(premiumTermOf(policy), chargeTermsOf(policy)));
  if (lines.length > 0) {
    const adjustment = adjustmentInvoice(policy, invoices.length + 1, lines, dueDate, deps.ids.next('inv'), deps.clock.now(policy.orgId));
    await deps.invoices.insertAll([adjustment]);
  }
  await deps.credits.applyOpenCredits(actor, policy.orgId, policy.id);
};
