import type { PolicyDocument } from '../../../core/policy/policy-documents.ts';
import type { PolicyDocumentRepository } from '../../../ports/policy/policy-document.repository.ts';
import type { CollectionStore, GroupedWrite } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { RecordFields } from '../shared/document-mapping.ts';
import { RecordCollection } from '../shared/record-collection.ts';

const FIELDS: RecordFields<PolicyDocument> = {
  id: true,
  orgId: true,
  policyId: true,
  type: true,
  transactionId: true,
  forms: true,
  status: true,
  issuedAt: true,
  sha256: true,
  documentId: true,
  content: true,
  createdAt: true,
};

/** `policy_documents`: a policy's documents by policy, and the pending ones across organizations (the drawing job's index, the one not led by `orgId`). */
export class PolicyDocumentStoreRepository implements PolicyDocumentRepository {
  private readonly records: RecordCollection<PolicyDocument>;

  private constructor(records: RecordCollection<PolicyDocument>) {
    this.records = records;
  }

  static async create(store: CollectionStore): Promise<PolicyDocumentStoreRepository> {
    const records = await RecordCollection.open<PolicyDocument>(store, 'policy_documents', FIELDS, [
      { name: 'org_policy', keys: { orgId: 1, policyId: 1, _id: 1 } },
      { name: 'pending', keys: { status: 1, _id: 1 } },
    ]);
    return new PolicyDocumentStoreRepository(records);
  }

  insertWrite(document: PolicyDocument): GroupedWrite {
    return this.records.insertion(document);
  }

  forPolicy(orgId: string, policyId: string): Promise<PolicyDocument[]> {
    return this.records.findAll(orgId, { policyId }, { _id: 1 });
  }

  async pending(limit: number): Promise<PolicyDocument[]> {
    const documents = await this.records.raw.find({ status: 'pending' }, { sort: { _id: 1 }, limit });
    return documents.map((document) => this.records.fromStored(document));
  }

  async markIssued(document: PolicyDocument, issued: { documentId: string; sha256: string; issuedAt: Date }): Promise<boolean> {
    return (await this.records.update(document.orgId, document.id, { status: 'pending' }, { $set: { status: 'issued', ...issued } })) !== null;
  }
}
