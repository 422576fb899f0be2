import type { RecordFields } from '../shared/document-mapping.ts';
import { INVOICE_LIFECYCLE, statusAfterMoney, type CreditStep, type Invoice, type InvoiceWriteOff } from '../../../core/billing/invoice.ts';
import type { CalendarDate } from '../../../core/shared/calendar-date.ts';
import { transition } from '../../../core/shared/lifecycle.ts';
import type { InvoiceFilters, InvoiceRepository, PaymentGuard } from '../../../ports/billing/invoice.repository.ts';
import type { DomainEvent } from '../../../core/shared/events/domain-event.ts';
import type { Cents } from '../../../core/shared/money.ts';
import { OUTBOX_INDEX, withEvents, type EventCarryingCollection } from '../shared/outbox.ts';
import { guardedMove, moveFilter, moveWrite } from '../shared/guarded-move.ts';
import type { CollectionStore, Filter, GroupedWrite, UpdateDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
import { isSettled } from '../../../core/billing/credit.ts';
import { cents } from '../../../core/shared/money.ts';
import type { Page, PageRequest } from '../../../ports/shared/persistence/page.ts';
import { RecordCollection } from '../shared/record-collection.ts';
import { encodeCursor, pageWindow } from '../shared/cursor-page.ts';
import type { KeptFigures } from '../../../ports/shared/persistence/kept-figures.port.ts';
import { SEARCH_CAP, tooBroad } from '../shared/search-index.store.ts';

/** Its records carry events (the relay reads this collection). */
const INVOICES: EventCarryingCollection = 'invoices';

export const INVOICE_FIELDS: RecordFields<Invoice> = {
  id: true,
  orgId: true,
  policyId: true,
  invoiceNumber: true,
  kind: true,
  amount: true,
  lines: true,
  paidAmount: true,
  dueDate: true,
  status: true,
  createdAt: true,
  pastDueOn: true,
  delinquencySeenOn: true,
  creditSteps: true,
  writeOff: true,
};
/** A payment needs an invoice that takes payments; a refund any that was ever collected on (open or paid). */
const guardCondition = (guard: PaymentGuard): Filter =>
  'maxPaidBefore' in guard
    ? moveFilter(transition(INVOICE_LIFECYCLE, 'take_payment'), { where: { paidAmount: { $lte: guard.maxPaidBefore } } })
    : { status: { $nin: ['void', 'written_off'] }, paidAmount: { $gte: guard.minPaidBefore } };

/** Invoices carry their unpublished events; an invoice's change and the receivables it moves are one write. */
export class InvoiceStoreRepository implements InvoiceRepository {
  private readonly records: RecordCollection<Invoice>;
  private readonly figures: KeptFigures<Invoice>;

  private constructor(records: RecordCollection<Invoice>, figures: KeptFigures<Invoice>) {
    this.records = records;
    this.figures = figures;
  }

  /** `figures`: what is kept from the invoices (the receivables by day), written with each of them. */
  static async create(store: CollectionStore, figures: KeptFigures<Invoice>): Promise<InvoiceStoreRepository> {
    return new InvoiceStoreRepository(
      await RecordCollection.open<Invoice>(store, INVOICES, INVOICE_FIELDS, [
        { name: 'org_invoice_number', keys: { orgId: 1, invoiceNumber: 1 }, unique: true },
        { name: 'org_policy', keys: { orgId: 1, policyId: 1, _id: -1 } },
        { name: 'org_status', keys: { orgId: 1, status: 1, _id: -1 } },
        // The day's past-due marking reads the open charges that have reached their due date: only
        // open invoices are in it, not the paid ones that most of a book's past months hold.
        { name: 'org_status_due', keys: { orgId: 1, status: 1, dueDate: 1 }, partialFilterExpression: { status: 'open' } },
        // The past-due invoices the delinquency job has not seen yet: only past-due ones are in it, a few of the book's.
        { name: 'org_status_seen', keys: { orgId: 1, status: 1, delinquencySeenOn: 1 }, partialFilterExpression: { status: 'past_due' } },
        OUTBOX_INDEX,
      ]),
      figures,
    );
  }

  insertAll(invoices: readonly Invoice[]): Promise<void> {
    return this.records.writeTogether(this.insertWrites(invoices));
  }

  insertWrites(invoices: readonly Invoice[]): GroupedWrite[] {
    return invoices.flatMap((invoice) => [this.records.insertion(invoice), ...this.figures.writes(invoice, null)]);
  }

  findById(orgId: string, id: string): Promise<Invoice | null> {
    return this.records.findById(orgId, id);
  }

  async list(orgId: string, filters: InvoiceFilters, page: PageRequest): Promise<Page<Invoice>> {
    const filter: Filter = {};
    if (filters.status) filter.status = filters.status;
    // One policy asked for, within the ones reached: that policy if reached, none otherwise.
    const policyIds = filters.policyId ? [filters.policyId].filter((id) => !filters.policyIds || filters.policyIds.includes(id)) : filters.policyIds;
    if (policyIds) filter.policyId = { $in: [...policyIds] };
    if (!filters.numberPrefix) return this.records.page(orgId, filter, page);
    // Found through the number's index, at most SEARCH_CAP of them, then paged in the list's order.
    const numbered = { ...filter, orgId, invoiceNumber: { $gte: filters.numberPrefix, $lt: `${filters.numberPrefix}\uffff` } };
    const found = await this.records.raw.find(numbered, { limit: SEARCH_CAP + 1 });
    if (found.length > SEARCH_CAP) throw tooBroad('invoices');
    return this.records.page(
      orgId,
      filter,
      page,
      found.map((invoice) => invoice._id),
    );
  }

  forPolicy(orgId: string, policyId: string): Promise<Invoice[]> {
    return this.records.findAll(orgId, { policyId });
  }

  forPolicies(orgId: string, policyIds: readonly string[]): Promise<Invoice[]> {
    // In the order of the organization's policy index, which the store reads without sorting.
    return this.records.findAll(orgId, { policyId: { $in: [...policyIds] } }, { policyId: 1, _id: -1 });
  }

  async policyPage(orgId: string, request: PageRequest): Promise<Page<string>> {
    const { limit, after } = pageWindow(request);
    // Through the organization's policy index, a few invoices a policy: a batch at a time, each from the last policy seen.
    const ids: string[] = [];
    for (let from = after ?? ''; ids.length <= limit; from = ids.at(-1) as string) {
      const batch = (limit + 1 - ids.length) * 4;
      const rows = await this.records.raw.find({ orgId, policyId: { $gt: from } }, { sort: { policyId: 1 }, limit: batch, bulk: true });
      for (const { policyId } of rows) if (ids.at(-1) !== policyId && ids.length <= limit) ids.push(policyId);
      if (rows.length < batch) break;
    }
    const data = ids.slice(0, limit);
    return { data, nextCursor: ids.length > limit ? encodeCursor(data.at(-1) as string) : null };
  }

  openDueBefore(orgId: string, before: CalendarDate): Promise<Invoice[]> {
    return this.records.findAll(orgId, { status: 'open', dueDate: { $lt: before }, kind: { $ne: 'credit' } }, { dueDate: 1 });
  }

  pastDueUnseen(orgId: string): Promise<Invoice[]> {
    return this.records.findAll(orgId, { status: 'past_due', delinquencySeenOn: null });
  }

  async markSeen(orgId: string, ids: readonly string[], on: CalendarDate): Promise<void> {
    await this.records.raw.updateMany({ orgId, _id: { $in: [...ids] }, delinquencySeenOn: null }, { $set: { delinquencySeenOn: on } });
  }

  markPastDue(orgId: string, invoice: Invoice, on: CalendarDate, events: readonly DomainEvent[]): Promise<Invoice | null> {
    // Announced the first time only: an invoice a refund reopened after it was past due falls back silently.
    const first = invoice.pastDueOn === undefined;
    return guardedMove(this.records, orgId, invoice.id, transition(INVOICE_LIFECYCLE, 'fall_past_due'), {
      where: { pastDueOn: first ? { $exists: false } : invoice.pastDueOn },
      ...(first ? { changes: { pastDueOn: on }, events } : {}),
    });
  }

  applyPayment(orgId: string, id: string, reference: string, amount: Cents, events: readonly DomainEvent[], guard?: PaymentGuard): Promise<Invoice | null> {
    const condition = { paymentReferences: { $ne: reference }, ...(guard ? guardCondition(guard) : {}) };
    return this.records.update(orgId, id, condition, withEvents({ $inc: { paidAmount: amount }, $push: { paymentReferences: reference } }, events));
  }

  async countsReference(orgId: string, id: string, reference: string): Promise<boolean> {
    return (await this.records.raw.countDocuments({ _id: id, orgId, paymentReferences: reference })) > 0;
  }

  async appendEventsOnce(orgId: string, id: string, key: string, events: readonly DomainEvent[]): Promise<boolean> {
    const updated = await this.records.update(orgId, id, { eventKeys: { $ne: key } }, withEvents({ $push: { eventKeys: key } }, events));
    return updated !== null;
  }

  takeCredit(orgId: string, id: string, step: CreditStep, minPaidBefore: Cents): Promise<Invoice | null> {
    return this.records.update(
      orgId,
      id,
      { kind: 'credit', status: 'open', paymentReferences: { $ne: step.reference }, paidAmount: { $gte: minPaidBefore } },
      { $inc: { paidAmount: -step.amount }, $push: { paymentReferences: step.reference, creditSteps: step } },
    );
  }

  takeCreditWrite(credit: Invoice, steps: readonly CreditStep[]): GroupedWrite {
    const taken = steps.reduce((sum, step) => sum + step.amount, 0);
    const references = steps.map((step) => step.reference);
    const condition = { kind: 'credit', status: 'open', paidAmount: credit.paidAmount, paymentReferences: { $nin: references } };
    const update: UpdateDocument = {
      $inc: { paidAmount: -taken },
      $push: { paymentReferences: { $each: references }, creditSteps: { $each: [...steps] } },
      // Settled by these steps: paid, in the same write.
      ...(isSettled({ amount: credit.amount, paidAmount: cents(credit.paidAmount - taken) })
        ? { $set: { status: transition(INVOICE_LIFECYCLE, 'mark_paid').to } }
        : {}),
    };
    return this.records.guardedUpdate(credit.orgId, credit.id, condition, update, 'credit_changed');
  }

  reopen(orgId: string, id: string): Promise<Invoice | null> {
    return guardedMove(this.records, orgId, id, transition(INVOICE_LIFECYCLE, 'reopen'));
  }

  moneyWrite(invoice: Invoice, reference: string, amount: Cents, events: readonly DomainEvent[]): GroupedWrite {
    const status = statusAfterMoney(invoice, amount);
    const moves = status !== invoice.status;
    const condition = { status: invoice.status, paidAmount: invoice.paidAmount, paymentReferences: { $ne: reference } };
    const update = withEvents(
      { $inc: { paidAmount: amount, ...(moves ? { version: 1 } : {}) }, $push: { paymentReferences: reference }, ...(moves ? { $set: { status } } : {}) },
      events,
    );
    return this.records.guardedUpdate(invoice.orgId, invoice.id, condition, update, 'invoice_changed');
  }

  voidWrites(invoices: readonly Invoice[]): GroupedWrite[] {
    const step = transition(INVOICE_LIFECYCLE, 'void');
    return invoices.flatMap((invoice) => [
      moveWrite(this.records, invoice.orgId, invoice.id, step, { where: { paidAmount: 0 } }, 'invoice_changed'),
      ...this.figures.writes({ ...invoice, status: 'void' }, invoice),
    ]);
  }

  writeOffWrites(invoice: Invoice, writeOff: InvoiceWriteOff): GroupedWrite[] {
    const move = { where: { paidAmount: invoice.paidAmount }, changes: { writeOff } };
    const step = transition(INVOICE_LIFECYCLE, 'write_off');
    return [
      moveWrite(this.records, invoice.orgId, invoice.id, step, move, 'invoice_changed'),
      ...this.figures.writes({ ...invoice, status: step.to, writeOff }, invoice),
    ];
  }

  markPaid(orgId: string, id: string, events: readonly DomainEvent[]): Promise<Invoice | null> {
    return guardedMove(this.records, orgId, id, transition(INVOICE_LIFECYCLE, 'mark_paid'), { events });
  }
}
