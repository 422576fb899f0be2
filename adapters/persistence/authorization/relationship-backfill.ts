import type { CollectionStore, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { RecordRelationships } from '../../../ports/authorization/record-relationships.use-case.ts';
import { storedRecords } from '../shared/stored-records.ts';

const MARKER = 'record-relationships-v1';
/** Claims before their assignee reached the claim's policy (policy#claim_handler). */
const CLAIMS_MARKER = 'claim-relationships-v2';

type Row = StoredDocument & { _id: string; orgId: string };

/**
 * The relationships of records written before the authorization graph kept them. Until they are
 * written, a producer does not reach its older business (staff reach the whole book regardless),
 * so this runs as a job from the start, once: every write is idempotent, and an interrupted run
 * starts over at the next; a marker records that it finished.
 */
export class RelationshipBackfill {
  private readonly store: CollectionStore;
  private readonly relationships: RecordRelationships;

  constructor(store: CollectionStore, relationships: RecordRelationships) {
    this.store = store;
    this.relationships = relationships;
  }

  async run(): Promise<{ written: number } | null> {
    const markers = this.store.collection<StoredDocument & { _id: string; doneAt: Date; written: number }>('migrations');
    const [records, claims] = [await markers.findOne({ _id: MARKER }), await markers.findOne({ _id: CLAIMS_MARKER })];
    if (records && claims) return null;
    let written = 0;
    const each = async (collection: string, write: (row: Row) => Promise<void>) => {
      for await (const row of storedRecords(this.store.collection<Row>(collection), (stored) => stored)) {
        await write(row);
        written += 1;
      }
    };
    const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
    if (!claims) {
      await each('claims', async (row) => {
        await this.relationships.claim({ id: row._id, orgId: row.orgId, policyId: String(row.policyId) });
        const adjuster = text(row.adjusterId);
        if (adjuster) await this.relationships.assignment({ id: row._id, orgId: row.orgId }, adjuster, null);
      });
      await markers.updateOne({ _id: CLAIMS_MARKER }, { $set: { doneAt: new Date(), written } }, { upsert: true });
    }
    if (records) return { written };
    await each('producers', (row) => this.relationships.producer({ id: row._id, orgId: row.orgId, userId: text(row.userId), status: String(row.status) }));
    await each('submissions', (row) => this.relationships.submission({ id: row._id, orgId: row.orgId, producerId: text(row.producerId) }));
    await each('policies', (row) =>
      this.relationships.policy({ id: row._id, orgId: row.orgId, submissionId: String(row.submissionId), producerId: text(row.producerId) }),
    );
    await each('commissions', (row) =>
      this.relationships.commission({ id: row._id, orgId: row.orgId, policyId: String(row.policyId), producerId: String(row.producerId) }),
    );
    await each('documents', (row) => this.relationships.document({ id: row._id, orgId: row.orgId }));
    await markers.updateOne({ _id: MARKER }, { $set: { doneAt: new Date(), written } }, { upsert: true });
    return { written };
  }
}
