/** A unit of background work: a name, what it runs, and optionally how often. */
export interface JobDefinition {
  readonly name: string;
  /** Human interval for recurring jobs (`'1 second'`, `'5 minutes'`); absent for queued ones. */
  readonly every?: string;
  /** A cron expression (UTC) for scheduled jobs: each process's trigger queues the run, and the store lets one through per slot. */
  readonly cron?: string;
  readonly concurrency?: number;
  run(data: Record<string, string>): Promise<void>;
}
