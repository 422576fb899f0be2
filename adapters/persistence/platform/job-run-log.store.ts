import type { Collection, CollectionStore, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { JobOutcome, JobRun, JobRunLog } from '../../../ports/platform/scheduled-jobs.use-case.ts';

interface RunDocument extends StoredDocument {
  readonly startedAt: Date;
  readonly finishedAt: Date | null;
  readonly outcome: JobOutcome;
  readonly summary: string | null;
}

/** The last run of each job, one document per job (its name), shared by every process. */
export class StoreJobRunLog implements JobRunLog {
  private readonly runs: Collection<RunDocument>;

  constructor(store: CollectionStore) {
    this.runs = store.collection<RunDocument>('job_runs');
  }

  async record(run: JobRun): Promise<void> {
    const { name, ...fields } = run;
    await this.runs.updateOne({ _id: name }, { $set: fields }, { upsert: true });
  }

  async latest(): Promise<ReadonlyMap<string, JobRun>> {
    const documents = await this.runs.find({});
    return new Map(
      documents.map((document) => [
        document._id,
        { name: document._id, startedAt: document.startedAt, finishedAt: document.finishedAt, outcome: document.outcome, summary: document.summary },
      ]),
    );
  }
}
