import type { RelationshipTuple } from '../../core/authorization/relationship-tuple.ts';
import type { RecordParts, RecordType } from '../authorization/record-access.use-case.ts';
import type { InvoiceRepository } from './invoice.repository.ts';

/** An invoice is part of its policy: whoever reaches the policy reaches its invoices. */
export class InvoiceParts implements RecordParts {
  private readonly invoices: InvoiceRepository;

  constructor(invoices: InvoiceRepository) {
    this.invoices = invoices;
  }

  async wholeOf(orgId: string, type: RecordType, id: string): Promise<RelationshipTuple[] | null> {
    if (type !== 'invoice') return [];
    const invoice = await this.invoices.findById(orgId, id);
    return invoice ? [{ object: `invoice:${id}`, relation: 'policy', user: `policy:${invoice.policyId}` }] : null;
  }
}
