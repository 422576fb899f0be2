import { notFound } from '../../core/shared/domain-error.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { JobQueue, JobSchedule } from './job-runner.port.ts';
import type { JobDefinition } from './job-definition.port.ts';

/** A job run on a schedule, that can also be started at once; its run says what it did in a line. */
export interface ScheduledJob {
  readonly name: string;
  /** Cron expression, UTC. */
  readonly cron: string;
  readonly description: string;
  run(now: Date): Promise<string>;
}

export type JobOutcome = 'running' | 'succeeded' | 'failed';

export interface JobRun {
  readonly name: string;
  readonly startedAt: Date;
  readonly finishedAt: Date | null;
  readonly outcome: JobOutcome;
  /** What the run did (`3 deadlines sent, 1 already sent today`), or why it failed. */
  readonly summary: string | null;
}

/** The last run of each job, shared by every process (the store). */
export interface JobRunLog {
  record(run: JobRun): Promise<void>;
  latest(): Promise<ReadonlyMap<string, JobRun>>;
}

interface JobStatus {
  readonly name: string;
  readonly description: string;
  readonly schedule: string;
  readonly nextRunAt: Date | null;
  readonly lastRun: JobRun | null;
}

export interface ScheduledJobsDeps {
  readonly jobs: readonly ScheduledJob[];
  readonly log: JobRunLog;
  readonly queue: JobQueue;
  readonly schedule: JobSchedule;
  readonly ids: IdGenerator;
  readonly clock: Clock;
}

/**
 * The platform's scheduled jobs: node-cron in every process queues each run, the job runner
 * (Agenda) runs it once, and its outcome is kept for `GET /v1/jobs`.
 */
export class ScheduledJobs {
  private readonly deps: ScheduledJobsDeps;
  private readonly byName: ReadonlyMap<string, ScheduledJob>;

  constructor(deps: ScheduledJobsDeps) {
    this.deps = deps;
    this.byName = new Map(deps.jobs.map((job) => [job.name, job]));
  }

  /** What the job runner registers: each job on its cron schedule, run through `execute`. */
  definitions(): JobDefinition[] {
    return this.deps.jobs.map((job) => ({ name: job.name, cron: job.cron, run: () => this.execute(job.name) }));
  }

  async list(): Promise<JobStatus[]> {
    const runs = await this.deps.log.latest();
    return this.deps.jobs.map((job) => ({
      name: job.name,
      description: job.description,
      schedule: job.cron,
      nextRunAt: this.deps.schedule.nextRunAt(job.name),
      lastRun: runs.get(job.name) ?? null,
    }));
  }

  /** Queues a run now; it starts within a second on whichever process takes it. */
  async runNow(name: string): Promise<{ name: string; runId: string }> {
    if (!this.byName.has(name)) throw notFound('Job');
    const runId = this.deps.ids.next('run');
    await this.deps.queue.enqueue(name, { run: runId }, { run: runId });
    return { name, runId };
  }

  /** Runs a job and keeps its outcome; a failure is kept and thrown on, so the runner logs it too. */
  async execute(name: string): Promise<void> {
    const job = this.byName.get(name);
    if (!job) throw new Error(`No scheduled job '${name}'.`);
    const startedAt = this.deps.clock.now();
    await this.deps.log.record({ name, startedAt, finishedAt: null, outcome: 'running', summary: null });
    try {
      const summary = await job.run(startedAt);
      await this.deps.log.record({ name, startedAt, finishedAt: this.deps.clock.now(), outcome: 'succeeded', summary });
    } catch (error) {
      await this.deps.log.record({ name, startedAt, finishedAt: this.deps.clock.now(), outcome: 'failed', summary: (error as Error).message });
      throw error;
    }
  }
}
