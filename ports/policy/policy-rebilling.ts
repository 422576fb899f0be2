import { adjustmentInvoice } from '../../core/billing/invoice.ts';
import type { GroupedWrite } from '../shared/persistence/collection-store.port.ts';
import { billingAdjustment, installmentsVoidedBy } from '../../core/billing/premium-billing.ts';
import { chargeTermsOf, premiumTermOf, type Policy } from '../../core/policy/policy.ts';
import { chargeItemsOwed } from '../../core/policy/policy-charges.ts';
import type { CalendarDate } from '../../core/shared/calendar-date.ts';
import type { InvoiceRepository } from '../billing/invoice.repository.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';

/**
 * What brings a policy's invoices to what it owes after a premium transaction (`policy` as it is
 * after it), for that command's one write: a cancellation first voids the installments left unpaid
 * that fall due from its date (each guarded: one paid meanwhile fails the write, which starts again
 * from its reads and counts it), then one adjustment (a charge, or a credit) due on `dueDate`
 * covers the difference, line by line. Open credits are applied after the write (`applyOpenCredits`).
 */
export const rebillWrites = async (
  deps: { readonly invoices: InvoiceRepository; readonly ids: IdGenerator; readonly clock: Clock },
  policy: Policy,
  cancelledFrom: CalendarDate | null,
  dueDate: CalendarDate,
): Promise<GroupedWrite[]> => {
  const invoices = await deps.invoices.forPolicy(policy.orgId, policy.id);
  const voided = new Set(cancelledFrom ? installmentsVoidedBy(invoices, cancelledFrom) : []);
  const after = invoices.map((invoice) => (voided.has(invoice.id) ? { ...invoice, status: 'void' as const } : invoice));
  const lines = billingAdjustment(after, chargeItemsOwed(premiumTermOf(policy), chargeTermsOf(policy)));
  const adjustment =
    lines.length > 0 ? adjustmentInvoice(policy, invoices.length + 1, lines, dueDate, deps.ids.next('inv'), deps.clock.now(policy.orgId)) : null;
  return [...deps.invoices.voidWrites(invoices.filter((invoice) => voided.has(invoice.id))), ...(adjustment ? deps.invoices.insertWrites([adjustment]) : [])];
};
