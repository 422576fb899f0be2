import { randomUUID } from 'node:crypto';
import {
  computeJobState,
  toJobId,
  type JobParameters,
  type JobRepository,
  type JobRepositoryOptions,
  type JobsOverview,
  type JobsQueryOptions,
  type JobsResult,
  type RemoveJobsOptions,
} from 'agenda';

import { writeUnlessDuplicate } from '../../core/shared/domain-error.ts';
import type { Collection, CollectionStore, Filter } from '../../ports/shared/persistence/collection-store.port.ts';

type JobDocument = Omit<JobParameters, '_id' | 'unique' | 'uniqueOpts'> & { _id: string; [field: string]: unknown };

const NEXT_FIRST = { nextRunAt: 1, priority: -1 } as const;

const toJob = (document: JobDocument): JobParameters => {
  const job: Record<string, unknown> = { ...document, _id: toJobId(document._id) };
  for (const [key, value] of Object.entries(job)) if (value === null) job[key] = undefined;
  return job as unknown as JobParameters;
};

const idFilter = (options: RemoveJobsOptions): Filter => {
  const filter: Filter = {};
  if (options.id !== undefined) filter._id = String(options.id);
  if (options.ids) filter._id = { $in: options.ids.map(String) };
  if (options.name) filter.name = options.name;
  if (options.names) filter.name = { $in: options.names };
  if (options.notNames) filter.name = { ...(typeof filter.name === 'object' ? (filter.name as object) : {}), $nin: options.notNames };
  if (options.data && typeof options.data === 'object') {
    for (const [key, value] of Object.entries(options.data)) filter[`data.${key}`] = value;
  }
  return filter;
};

/**
 * Agenda's job storage over the platform's own collection interface, so jobs live in the same
 * store as everything else (the embedded engine by default). Locking follows Agenda's MongoDB
 * repository: one conditional findOneAndUpdate takes a job, so two workers never run it twice.
 */
export class StoreJobRepository implements JobRepository {
  private readonly store: CollectionStore;
  private readonly collectionName: string;
  private jobs!: Collection<JobDocument>;

  constructor(store: CollectionStore, collectionName = 'agenda_jobs') {
    this.store = store;
    this.collectionName = collectionName;
  }

  async connect(): Promise<void> {
    this.jobs = this.store.collection<JobDocument>(this.collectionName);
    await this.store.ensureIndexes(this.collectionName, [{ name: 'find_and_lock_next', keys: { name: 1, nextRunAt: 1, priority: -1, lockedAt: 1 } }]);
  }

  async queryJobs(options: JobsQueryOptions = {}): Promise<JobsResult> {
    const filter: Filter = idFilter({
      ...(options.id ? { id: options.id } : {}),
      ...(options.ids ? { ids: options.ids } : {}),
      ...(options.name ? { name: options.name } : {}),
      ...(options.names ? { names: options.names } : {}),
      ...(options.data !== undefined ? { data: options.data } : {}),
    });
    if (!options.includeDisabled) filter.disabled = { $ne: true };
    const now = new Date();
    let jobs = (await this.jobs.find(filter, { sort: NEXT_FIRST })).map(toJob).map((job) => ({ ...job, _id: job._id!, state: computeJobState(job, now) }));
    if (options.state) jobs = jobs.filter((job) => job.state === options.state);
    if (options.search) jobs = jobs.filter((job) => job.name.includes(options.search as string));
    const start = options.skip ?? 0;
    return { jobs: jobs.slice(start, options.limit ? start + options.limit : undefined), total: jobs.length };
  }

  async getJobsOverview(): Promise<JobsOverview[]> {
    const { jobs } = await this.queryJobs({ includeDisabled: true });
    const byName = new Map<string, JobsOverview>();
    for (const job of jobs) {
      const overview = byName.get(job.name) ?? {
        name: job.name,
        total: 0,
        running: 0,
        scheduled: 0,
        queued: 0,
        completed: 0,
        failed: 0,
        repeating: 0,
        paused: 0,
      };
      overview.total += 1;
      overview[job.state] += 1;
      byName.set(job.name, overview);
    }
    return [...byName.values()];
  }

  async getDistinctJobNames(): Promise<string[]> {
    return [...new Set((await this.jobs.find({})).map((job) => job.name))].sort();
  }

  async getJobById(id: string): Promise<JobParameters | null> {
    const document = await this.jobs.findOne({ _id: id });
    return document ? toJob(document) : null;
  }

  getQueueSize(): Promise<number> {
    return this.jobs.countDocuments({ nextRunAt: { $lt: new Date() } });
  }

  removeJobs(options: RemoveJobsOptions): Promise<number> {
    return this.jobs.deleteMany(idFilter(options));
  }

  async saveJob<DATA = unknown>(job: JobParameters<DATA>, options: JobRepositoryOptions | undefined): Promise<JobParameters<DATA>> {
    const { _id, unique, uniqueOpts, ...props } = job;
    const fields: Record<string, unknown> = { lockedAt: null, lastModifiedBy: options?.lastModifiedBy ?? null };
    for (const [key, value] of Object.entries(props)) fields[key] = value ?? null;
    if (_id) {
      const updated = await this.jobs.findOneAndUpdate({ _id: String(_id), name: props.name }, { $set: fields }, { returnDocument: 'after' });
      return (updated ? toJob(updated) : job) as JobParameters<DATA>;
    }
    if (uniqueOpts?.debounce) throw new Error('Debounced jobs are not supported by the store backend.');
    const query: Filter | null = props.type === 'single' ? { name: props.name, type: 'single' } : unique ? { ...(unique as Filter), name: props.name } : null;
    if (!query) {
      const document = { ...fields, _id: randomUUID() } as JobDocument;
      await this.jobs.insertOne(document);
      return toJob(document) as JobParameters<DATA>;
    }
    const protect: Record<string, unknown> = {};
    if (props.type === 'single' && props.nextRunAt && props.nextRunAt <= new Date()) {
      protect.nextRunAt = fields.nextRunAt;
      delete fields.nextRunAt;
    }
    const update = uniqueOpts?.insertOnly ? { $setOnInsert: fields } : { $set: fields, ...(Object.keys(protect).length ? { $setOnInsert: protect } : {}) };
    const existing = await this.jobs.findOneAndUpdate(query, update, { returnDocument: 'after' });
    if (existing) return toJob(existing) as JobParameters<DATA>;
    const document = { ...fields, ...protect, _id: randomUUID() } as JobDocument;
    return (await writeUnlessDuplicate(() => this.jobs.insertOne(document))) ? (toJob(document) as JobParameters<DATA>) : job;
  }

  async saveJobState(job: JobParameters, options: JobRepositoryOptions | undefined): Promise<void> {
    if (!job._id) throw new Error('Cannot save job state without job ID');
    const result = await this.jobs.updateOne(
      { _id: String(job._id), name: job.name },
      {
        $set: {
          lockedAt: job.lockedAt ?? null,
          nextRunAt: job.nextRunAt ?? null,
          lastRunAt: job.lastRunAt ?? null,
          progress: job.progress ?? null,
          failReason: job.failReason ?? null,
          failCount: job.failCount ?? null,
          failedAt: job.failedAt ?? null,
          lastFinishedAt: job.lastFinishedAt ?? null,
          lastModifiedBy: options?.lastModifiedBy ?? null,
        },
      },
    );
    if (result.matchedCount !== 1) throw new Error(`job ${job._id} (name: ${job.name}) no longer exists`);
  }

  async lockJob(job: JobParameters, options: JobRepositoryOptions | undefined): Promise<JobParameters | undefined> {
    if (!job._id) return undefined;
    const locked = await this.jobs.findOneAndUpdate(
      { _id: String(job._id), name: job.name, lockedAt: null, nextRunAt: job.nextRunAt ?? null, disabled: { $ne: true } },
      { $set: { lockedAt: new Date(), lastModifiedBy: options?.lastModifiedBy ?? null } },
      { returnDocument: 'after' },
    );
    return locked ? toJob(locked) : undefined;
  }

  async unlockJob(job: JobParameters): Promise<void> {
    if (job._id) await this.jobs.updateOne({ _id: String(job._id), nextRunAt: { $ne: null } }, { $set: { lockedAt: null } });
  }

  async unlockJobs(jobIds: readonly unknown[]): Promise<void> {
    if (jobIds.length > 0) await this.jobs.updateMany({ _id: { $in: jobIds.map(String) } }, { $set: { lockedAt: null } });
  }

  async getNextJobToRun(
    jobName: string,
    nextScanAt: Date,
    lockDeadline: Date,
    now: Date | undefined,
    options: JobRepositoryOptions | undefined,
  ): Promise<JobParameters | undefined> {
    const next = await this.jobs.findOneAndUpdate(
      {
        name: jobName,
        disabled: { $ne: true },
        $or: [{ lockedAt: null, nextRunAt: { $lte: nextScanAt } }, { lockedAt: { $lte: lockDeadline } }],
      },
      { $set: { lockedAt: now ?? new Date(), lastModifiedBy: options?.lastModifiedBy ?? null } },
      { returnDocument: 'after', sort: NEXT_FIRST },
    );
    return next ? toJob(next) : undefined;
  }

  async disableJobs(options: RemoveJobsOptions): Promise<number> {
    return (await this.jobs.updateMany(idFilter(options), { $set: { disabled: true } })).modifiedCount;
  }

  async enableJobs(options: RemoveJobsOptions): Promise<number> {
    return (await this.jobs.updateMany(idFilter(options), { $set: { disabled: false } })).modifiedCount;
  }

  purgeAllJobs(): Promise<number> {
    return this.jobs.deleteMany({});
  }
}
