import test from 'ava';
import fc from 'fast-check';
import { BILLING } from '../../../bootstrap/billing.tokens.ts';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { TENANCY } from '../../../bootstrap/tenancy.tokens.ts';
import { UNDERWRITING } from '../../../bootstrap/underwriting.tokens.ts';
import { WEBHOOKS } from '../../../bootstrap/webhooks.tokens.ts';
import type { InstallmentPlan } from '../../../core/billing/installment-plan.ts';
import type { Invoice } from '../../../core/billing/invoice.ts';
import { addDays, compareDates, today, type CalendarDate } from '../../../core/shared/calendar-date.ts';
import type { DomainEvent } from '../../../core/shared/events/domain-event.ts';
import { cents } from '../../../core/shared/money.ts';
import { everyRecord } from '../../../ports/shared/persistence/page.ts';
import { aRisk } from '../../support/mothers.ts';
import { MACHINE, useCaseWorld, type UseCaseWorld } from '../../support/use-cases.ts';

const START = '2027-01-01';
/** Past the end of every generated term (they start by 2027-01-21): every term has ended. */
const END = '2028-02-15';
const GRACE_DAYS = 10;
/** The fixture's non-payment notice periods of the generated home states. */
const NOTICE_DAYS: Readonly<Record<string, number>> = { OH: 10, TX: 10, CA: 10, NY: 15, NC: 15 };

interface PolicySpec {
  readonly state: keyof typeof NOTICE_DAYS & string;
  readonly plan: InstallmentPlan;
  readonly startsIn: number;
  /** Per installment, days after its due date it is paid (negative: before), or null: never. */
  readonly payDelays: readonly (number | null)[];
}

const policySpec: fc.Arbitrary<PolicySpec> = fc.record({
  state: fc.constantFrom('OH', 'TX', 'CA', 'NY', 'NC'),
  plan: fc.constantFrom<InstallmentPlan>('PIF', 'QUARTERLY', 'MONTHLY_12'),
  startsIn: fc.integer({ min: 0, max: 20 }),
  payDelays: fc.array(fc.oneof({ weight: 30, arbitrary: fc.integer({ min: -3, max: 10 }) }, fc.integer({ min: 11, max: 40 }), fc.constant(null)), {
    minLength: 12,
    maxLength: 12,
  }),
});

const dayOf = (event: DomainEvent): CalendarDate => today(event.timestamp);

/** When an installment is paid under the spec: never, or on a day of the run (early payments on the first day the policy exists). */
const payDayOf = (spec: PolicySpec, invoice: Invoice, sequence: number, boundOn: CalendarDate): CalendarDate | null => {
  const delay = spec.payDelays[sequence];
  if (delay === null || delay === undefined) return null;
  const day = addDays(invoice.dueDate, delay);
  return compareDates(day, boundOn) < 0 ? boundOn : day;
};

/** The property's checks on one policy after the run; the reason it fails, or null. */
const checkPolicy = async (world: UseCaseWorld, orgId: string, policyId: string, spec: PolicySpec, events: readonly DomainEvent[], boundOn: CalendarDate) => {
  const policy = await (await world.resolve(POLICY.PolicyRepository)).findById(orgId, policyId);
  if (!policy) return 'the policy is missing';
  const invoices = await (await world.resolve(BILLING.InvoiceRepository)).forPolicy(orgId, policyId);
  const installments = invoices.filter((invoice) => invoice.kind === 'installment').sort((a, b) => a.invoiceNumber.localeCompare(b.invoiceNumber));
  const mine = (type: string) => events.filter((event) => event.type === type && event.data.policyId === policyId);
  const pastDue = mine('invoice.past_due');
  const notices = mine('policy.cancellation_notice_sent');
  const rescinded = mine('policy.cancellation_rescinded');
  const cancelled = mine('policy.cancelled');
  const expired = mine('policy.expired');
  // Each step once.
  if (new Set(pastDue.map((event) => event.data.invoiceId)).size !== pastDue.length) return 'an invoice fell past due twice';
  if (new Set(notices.map((event) => event.data.noticeOn)).size !== notices.length) return 'two notices on one day';
  if (cancelled.length > 1 || expired.length > 1) return 'cancelled or expired twice';
  if (mine('policy.renewal_offered').length > 1) return 'offered its renewal twice';
  // Installments fall past due on their date exactly when unpaid by then.
  for (const [sequence, installment] of installments.entries()) {
    const event = pastDue.find((candidate) => candidate.data.invoiceId === installment.id);
    const pastDueDay = addDays(installment.dueDate, GRACE_DAYS + 1);
    const payDay = payDayOf(spec, installment, sequence, boundOn);
    const unpaidThen = installment.status !== 'void' && (payDay === null || compareDates(payDay, pastDueDay) >= 0) && compareDates(pastDueDay, END) <= 0;
    const cancelledBefore = policy.cancellation && compareDates(policy.cancellation.effectiveDate, pastDueDay) < 0 && installment.status === 'void';
    if (unpaidThen && !cancelledBefore && !event) return `${installment.invoiceNumber} unpaid on ${pastDueDay} did not fall past due`;
    if (!unpaidThen && event) return `${installment.invoiceNumber} fell past due on ${dayOf(event)} though paid on ${payDay}`;
    if (event && dayOf(event) !== pastDueDay) return `${installment.invoiceNumber} fell past due on ${dayOf(event)}, not ${pastDueDay}`;
  }
  // Each notice is a document of the policy, issued as it was sent.
  const documents = await (await world.resolve(POLICY.PolicyDocumentRepository)).forPolicy(orgId, policyId);
  const noticeDocuments = documents.filter((document) => document.type === 'cancellation_notice');
  if (
    noticeDocuments.length !== notices.length ||
    notices.some((notice) => !noticeDocuments.some((document) => document.documentId === notice.data.documentId))
  )
    return `${notices.length} notices, ${noticeDocuments.length} notice documents`;
  // A notice runs the home state's period; it is rescinded or cancels the policy, not both.
  for (const notice of notices) {
    if (notice.data.noticeOn !== dayOf(notice)) return 'a notice dated another day than it was sent';
    if (notice.data.cancelsOn !== addDays(String(notice.data.noticeOn), NOTICE_DAYS[spec.state] ?? 10))
      return `a notice in ${spec.state} ran ${notice.data.cancelsOn}`;
    if (!pastDue.some((event) => compareDates(dayOf(event), String(notice.data.noticeOn)) <= 0)) return 'a notice with nothing past due';
    const withdrawn = rescinded.some((event) => event.data.noticeOn === notice.data.noticeOn);
    const endedIt = policy.cancellation?.effectiveDate === notice.data.cancelsOn;
    if (withdrawn && endedIt) return 'a notice both rescinded and carried out';
  }
  const everyInstallmentOnTime = installments.every((installment, sequence) => {
    const payDay = payDayOf(spec, installment, sequence, boundOn);
    return payDay !== null && compareDates(payDay, addDays(installment.dueDate, GRACE_DAYS)) <= 0;
  });
  if (everyInstallmentOnTime && (notices.length > 0 || policy.status !== 'expired')) return `paid on time, yet ${policy.status} with ${notices.length} notices`;
  if (policy.status === 'cancelled') {
    const last = notices.at(-1);
    if (!last || policy.cancellation?.reason !== 'non_payment' || policy.cancellation.effectiveDate !== last.data.cancelsOn)
      return `cancelled ${JSON.stringify(policy.cancellation)} without its notice running out`;
    if (dayOf(cancelled[0]!) !== last.data.cancelsOn) return `cancelled on ${dayOf(cancelled[0]!)}, the notice ran to ${last.data.cancelsOn}`;
    if (notices.at(-1) !== last || rescinded.some((event) => event.data.noticeOn === last.data.noticeOn)) return 'cancelled by a rescinded notice';
  }
  if (policy.status === 'active') return `still active after its term ended on ${policy.expirationDate}`;
  // The books: the ledger's receivable is the account's balance, and the term kept what it earned.
  const account = await (await world.resolve(BILLING.PolicyAccounts)).account(orgId, policyId, END);
  const ledger = await everyRecord(async (page) => (await world.resolve(BILLING.LedgerRepository)).list(orgId, { policyId }, page));
  const posted: Record<string, number> = {};
  for (const line of ledger.flatMap((entry) => entry.lines)) posted[line.account] = (posted[line.account] ?? 0) + line.credit - line.debit;
  const owedInLedger = -(posted.premiumReceivable ?? 0) - (posted.owedToInsureds ?? 0);
  if (owedInLedger !== account.balance) return `the ledger says ${owedInLedger} is owed, the account ${account.balance}`;
  const premium = await (await world.resolve(POLICY.PolicyPremium)).asOf(orgId, policyId, END);
  if (premium.written !== premium.earned) return `written ${premium.written} but earned ${premium.earned} once the term is over`;
  return null;
};

test('generated books advanced day by day through a year: every step once, on its date, in order', async (t) => {
  const world = await useCaseWorld({ clock: 'organizations' });
  t.teardown(world.close);
  const organizations = await world.resolve(TENANCY.Organizations);
  const clocks = await world.resolve(TENANCY.TestClocks);
  const binding = await world.resolve(POLICY.Binding);
  const payments = await world.resolve(BILLING.InvoicePayments);
  const invoiceRepository = await world.resolve(BILLING.InvoiceRepository);
  const webhooks = await world.resolve(WEBHOOKS.Webhooks);
  const submissions = await world.resolve(UNDERWRITING.Submissions);
  const quoting = await world.resolve(UNDERWRITING.Quoting);
  let runs = 0;
  const tally = new Map<string, number>();
  await fc.assert(
    fc.asyncProperty(fc.array(policySpec, { minLength: 1, maxLength: 4 }), async (specs) => {
      runs += 1;
      const org = await organizations.create(MACHINE, { name: `Book ${runs}` });
      await clocks.start(MACHINE, org.id, new Date(`${START}T00:00:00Z`));
      const bound: { id: string; spec: PolicySpec; payDays: Map<string, CalendarDate> }[] = [];
      for (const [index, spec] of specs.entries()) {
        const risk = aRisk({ insuredName: `Insured ${runs}-${index}`, state: spec.state, effectiveDate: addDays(START, spec.startsIn) });
        const submission = await submissions.create(MACHINE, org.id, risk, 'json');
        await quoting.quote(org.id, submission.id);
        const policy = await binding.bind(MACHINE, org.id, submission.id, spec.plan);
        const installments = (await invoiceRepository.forPolicy(org.id, policy.id)).sort((a, b) => a.invoiceNumber.localeCompare(b.invoiceNumber));
        const payDays = new Map<string, CalendarDate>();
        for (const [sequence, installment] of installments.entries()) {
          const day = payDayOf(spec, installment, sequence, START);
          if (day) payDays.set(installment.id, day);
        }
        bound.push({ id: policy.id, spec, payDays });
      }
      for (let day = START; compareDates(day, END) <= 0; day = addDays(day, 1)) {
        if (day !== START) await clocks.advance(MACHINE, org.id, { instant: new Date(`${day}T00:00:00Z`) });
        // Payments of the day come after the day's scheduled work.
        for (const { payDays } of bound) {
          for (const [invoiceId, payDay] of payDays) {
            if (payDay !== day) continue;
            const invoice = await invoiceRepository.findById(org.id, invoiceId);
            if (!invoice || !['open', 'past_due'].includes(invoice.status) || invoice.amount <= invoice.paidAmount) continue;
            await payments.pay(MACHINE, org.id, invoiceId, {
              amount: cents(invoice.amount - invoice.paidAmount),
              method: 'ach',
              reference: `ach-${invoiceId}`,
            });
          }
        }
      }
      const events = (await everyRecord((page) => webhooks.events(org.id, {}, page))).sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
      for (const type of [
        'invoice.past_due',
        'policy.cancellation_notice_sent',
        'policy.cancellation_rescinded',
        'policy.cancelled',
        'policy.expired',
        'policy.renewal_offered',
      ])
        tally.set(type, (tally.get(type) ?? 0) + events.filter((event) => event.type === type).length);
      for (const { id, spec } of bound) {
        const failure = await checkPolicy(world, org.id, id, spec, events, START);
        if (failure) throw new Error(`${spec.state} ${spec.plan} from +${spec.startsIn} paying ${JSON.stringify(spec.payDelays)}: ${failure}`);
      }
    }),
    { numRuns: 8, seed: 20261126, endOnFailure: true },
  );
  // The generated books meet every step: the property is not vacuous.
  t.log(Object.fromEntries(tally));
  for (const type of ['invoice.past_due', 'policy.cancellation_notice_sent', 'policy.cancellation_rescinded', 'policy.cancelled', 'policy.expired'])
    t.true((tally.get(type) ?? 0) > 0, type);
});
