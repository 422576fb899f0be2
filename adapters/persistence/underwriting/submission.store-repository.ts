import type { RecordFields } from '../shared/document-mapping.ts';
import type { Submission, SubmissionStatus } from '../../../core/underwriting/submission.ts';
import type { Transition } from '../../../core/shared/lifecycle.ts';
import type { CollectionStore, Filter, GroupedWrite } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { Page, PageRequest } from '../../../ports/shared/persistence/page.ts';
import type { SubmissionFilters, SubmissionRepository } from '../../../ports/underwriting/underwriting.repositories.ts';
import { RecordCollection } from '../shared/record-collection.ts';
import { moveWrite } from '../shared/guarded-move.ts';
import { StoreSearchIndex } from '../shared/search-index.store.ts';
import { nameTerms } from '../../../core/shared/search-words.ts';

const SUBMISSION_FIELDS: RecordFields<Submission> = {
  id: true,
  orgId: true,
  status: true,
  contactEmail: true,
  producerId: true,
  description: true,
  priorLosses: true,
  triage: true,
  bindingPolicyId: true,
  source: true,
  createdBy: true,
  createdAt: true,
  updatedAt: true,
  version: true,
  insuredName: true,
  naicsCode: true,
  annualRevenue: true,
  requestedLimit: true,
  effectiveDate: true,
  state: true,
  lineOfBusiness: true,
  homeState: true,
  locality: true,
  coverage: true,
  mailingAddress: true,
};

/** What a submission is found by (`q`): the words of its insured's name. */
const submissionTerms = (submission: Submission): string[] => nameTerms(submission.insuredName ?? '');

export class SubmissionStoreRepository implements SubmissionRepository {
  private readonly records: RecordCollection<Submission>;
  private readonly search: StoreSearchIndex;

  private constructor(records: RecordCollection<Submission>, search: StoreSearchIndex) {
    this.records = records;
    this.search = search;
  }

  static async create(store: CollectionStore): Promise<SubmissionStoreRepository> {
    return new SubmissionStoreRepository(
      await RecordCollection.open<Submission>(store, 'submissions', SUBMISSION_FIELDS, [
        { name: 'org_status', keys: { orgId: 1, status: 1, _id: -1 } },
        { name: 'org_producer', keys: { orgId: 1, producerId: 1, _id: -1 } },
      ]),
      await StoreSearchIndex.create(store),
    );
  }

  async insert(submission: Submission): Promise<void> {
    const terms = StoreSearchIndex.freshWrites(submission.orgId, 'submission', submission.id, submissionTerms(submission));
    await this.records.writeTogether([this.records.insertion(submission), ...terms]);
  }

  /** Indexes for `q` a batch of the submissions stored before search existed; the last id, or null at the end. */
  reindexSearch(after: string | null, limit: number): Promise<string | null> {
    return this.search.reindex(this.records, 'submission', submissionTerms, after, limit);
  }

  findById(orgId: string, id: string): Promise<Submission | null> {
    return this.records.findById(orgId, id);
  }

  async list(orgId: string, filters: SubmissionFilters, page: PageRequest): Promise<Page<Submission>> {
    const filter: Filter = {};
    if (filters.status) filter.status = filters.status;
    if (filters.producerId) filter.producerId = filters.producerId;
    if (filters.createdFrom || filters.createdTo) {
      filter.createdAt = { ...(filters.createdFrom ? { $gte: filters.createdFrom } : {}), ...(filters.createdTo ? { $lte: filters.createdTo } : {}) };
    }
    if (!filters.words) return this.records.page(orgId, filter, page, filters.among);
    return this.search.page(orgId, 'submission', filters.words, page, filters.among, 'submissions', (ids) => this.records.findAmong(orgId, filter, ids));
  }

  moveWrite(orgId: string, id: string, step: Transition<SubmissionStatus>, at: Date): GroupedWrite {
    return moveWrite(this.records, orgId, id, step, { at }, 'submission_moved');
  }
}
