import type { ProgramStatus } from '../../../core/underwriting/delegated-authority.ts';
import type { Collection, CollectionStore, GroupedWrite } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { Page, PageRequest } from '../../../ports/shared/persistence/page.ts';
import type { ProgramRepository, StoredProgram } from '../../../ports/underwriting/programs.use-case.ts';
import { recordMapper, type DocumentOf, type RecordFields } from '../shared/document-mapping.ts';
import { RecordCollection } from '../shared/record-collection.ts';

const PROGRAM_FIELDS: RecordFields<StoredProgram> = {
  id: true,
  orgId: true,
  version: true,
  status: true,
  name: true,
  maxLimitPerRisk: true,
  maxPremiumPerRisk: true,
  allowedStates: true,
  allowedLines: true,
  excludedNaics: true,
  aggregateCap: true,
  minimumEarnedPremiumPercent: true,
  policyFee: true,
  surplusLines: true,
  rateTableVersion: true,
  insurer: true,
  graceDays: true,
  delinquencyMinimum: true,
  renewalOfferDays: true,
  createdAt: true,
  updatedAt: true,
};

const mapper = recordMapper(PROGRAM_FIELDS);
const VERSIONS = 'program_versions';

/**
 * `programs` holds each program's terms now; `program_versions` the terms each earlier version
 * had (`<id>:<version>`), written before the program moves past it, so a policy written under
 * version 3 reads version 3's terms for its whole term.
 */
export class ProgramStoreRepository implements ProgramRepository {
  private readonly records: RecordCollection<StoredProgram>;
  private readonly versions: Collection<DocumentOf<StoredProgram>>;

  private constructor(records: RecordCollection<StoredProgram>, versions: Collection<DocumentOf<StoredProgram>>) {
    this.records = records;
    this.versions = versions;
  }

  static async create(store: CollectionStore): Promise<ProgramStoreRepository> {
    const records = await RecordCollection.open<StoredProgram>(store, 'programs', PROGRAM_FIELDS, [{ name: 'org_status', keys: { orgId: 1, status: 1 } }]);
    await store.ensureIndexes(VERSIONS, [{ name: 'org', keys: { orgId: 1 } }]);
    return new ProgramStoreRepository(records, store.collection(VERSIONS));
  }

  insertWrite(program: StoredProgram): GroupedWrite {
    return this.records.insertion(program);
  }

  findById(orgId: string, id: string): Promise<StoredProgram | null> {
    return this.records.findById(orgId, id);
  }

  async atVersion(orgId: string, id: string, version: number): Promise<StoredProgram | null> {
    const current = await this.records.findById(orgId, id);
    if (current?.version === version) return current;
    const kept = await this.versions.findOne({ _id: `${id}:${version}`, orgId });
    return kept ? { ...mapper.fromStored(kept), id } : null;
  }

  forOrganization(orgId: string): Promise<StoredProgram[]> {
    return this.records.findAll(orgId, {});
  }

  page(orgId: string, filter: { status?: ProgramStatus }, request: PageRequest): Promise<Page<StoredProgram>> {
    return this.records.page(orgId, filter.status ? { status: filter.status } : {}, request);
  }

  replaceWrites(current: StoredProgram, next: StoredProgram): GroupedWrite[] {
    // An upsert: the same terms under the same key whoever writes them.
    const { _id, ...kept } = mapper.toStored(current);
    const { _id: _next, createdAt: _created, ...terms } = mapper.toStored(next);
    return [
      { collection: VERSIONS, updateOne: { filter: { _id: `${current.id}:${current.version}`, orgId: current.orgId }, update: { $set: kept }, upsert: true } },
      this.records.guardedUpdate(current.orgId, current.id, { version: current.version }, { $set: terms }, 'program_changed'),
    ];
  }
}
