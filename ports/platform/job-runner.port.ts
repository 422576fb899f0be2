import type { JobDefinition } from './job-definition.port.ts';

/** Durable background work. */
export interface JobQueue {
  enqueue(name: string, data: Record<string, string>, uniqueKey?: Record<string, string>): Promise<void>;
}

/** When the job runner will next start a job on its schedule. */
export interface JobSchedule {
  nextRunAt(name: string): Date | null;
}

/** Runs the registered jobs on their schedules and whatever is enqueued, each run once across processes. */
export interface JobRunner extends JobQueue, JobSchedule {
  register(definitions: readonly JobDefinition[]): void;
  start(): Promise<void>;
  /** Lets running jobs finish for up to `graceMs`, then lets go of them for another process. */
  stop(graceMs?: number): Promise<void>;
}
