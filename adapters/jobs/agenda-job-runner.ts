import { Agenda, type AgendaBackend } from 'agenda';
import cron, { type ScheduledTask } from 'node-cron';
import type { Logger } from 'pino';
import type { JobDefinition } from '../../ports/platform/job-definition.port.ts';
import { performance } from 'node:perf_hooks';
import type { Metrics } from '../../ports/shared/metrics.port.ts';
import type { JobRunner } from '../../ports/platform/job-runner.port.ts';
import { isoInstant } from '../../core/shared/iso-instant.ts';

interface JobRunnerOptions {
  /**
   * How long a running job keeps its lock before another worker may take it over. Agenda checks
   * a running job every half of this with a timer it cannot cancel, so a process that has just
   * run a job stays alive that long after stopping; tests keep it short.
   */
  readonly lockLifetimeMs?: number;
  /** Where each run's outcome and duration are counted. */
  readonly metrics?: Pick<Metrics, 'jobRun'>;
}

const DEFAULT_JOB_LOCK_LIFETIME_MS = 60_000;

/**
 * Agenda runs the work; node-cron triggers scheduled jobs. Every process has the same triggers:
 * each one queues the run of its slot (the minute it fired) under a unique key, so the store
 * keeps one run per slot and one worker takes it.
 */
export class AgendaJobRunner implements JobRunner {
  private readonly agenda: Agenda;
  private readonly definitions: JobDefinition[] = [];
  private readonly triggers = new Map<string, ScheduledTask>();
  private readonly metrics: Pick<Metrics, 'jobRun'> | null;
  private readonly logger: Logger;

  constructor(backend: AgendaBackend, logger: Logger, options: JobRunnerOptions = {}) {
    this.logger = logger;
    this.metrics = options.metrics ?? null;
    this.agenda = new Agenda({ backend, processEvery: 500, defaultLockLifetime: options.lockLifetimeMs ?? DEFAULT_JOB_LOCK_LIFETIME_MS });
    this.agenda.on('error', (error: unknown) => this.logger.error({ err: error }, 'job runner error'));
    this.agenda.on('fail', (error: unknown, job: { attrs: { name: string } }) => this.logger.error({ err: error, job: job.attrs.name }, 'job failed'));
  }

  register(definitions: readonly JobDefinition[]): void {
    for (const definition of definitions) {
      this.definitions.push(definition);
      this.agenda.define<Record<string, string>>(definition.name, async (job) => this.timed(definition, job.attrs.data ?? {}), {
        ...(definition.concurrency ? { concurrency: definition.concurrency } : {}),
      });
    }
  }

  private async timed(definition: JobDefinition, data: Record<string, string>): Promise<void> {
    const started = performance.now();
    try {
      await definition.run(data);
      this.metrics?.jobRun(definition.name, 'succeeded', (performance.now() - started) / 1000);
    } catch (error) {
      this.metrics?.jobRun(definition.name, 'failed', (performance.now() - started) / 1000);
      throw error;
    }
  }

  async start(): Promise<void> {
    await this.agenda.start();
    for (const definition of this.definitions) {
      if (definition.every) await this.agenda.every(definition.every, definition.name);
      if (definition.cron) this.schedule(definition.name, definition.cron);
    }
  }

  nextRunAt(name: string): Date | null {
    return this.triggers.get(name)?.getNextRun() ?? null;
  }

  private schedule(name: string, expression: string): void {
    if (!cron.validate(expression)) throw new Error(`Job '${name}' has an invalid cron expression '${expression}'.`);
    const trigger = cron.schedule(
      expression,
      async (context) => {
        const slot = `${name}@${isoInstant(context.triggeredAt).slice(0, 16)}`;
        await this.enqueue(name, { slot }, { slot }).catch((error: unknown) => this.logger.error({ err: error, job: name }, 'scheduled run not queued'));
      },
      { name, timezone: 'UTC', noOverlap: true },
    );
    this.triggers.set(name, trigger);
  }

  async enqueue(name: string, data: Record<string, string>, uniqueKey?: Record<string, string>): Promise<void> {
    const job = this.agenda.create(name, data);
    if (uniqueKey) job.unique(Object.fromEntries(Object.entries(uniqueKey).map(([key, value]) => [`data.${key}`, value])), { insertOnly: true });
    await job.save();
  }

  /** Lets running jobs finish (up to the grace period), then stops. */
  async stop(graceMs = 10_000): Promise<void> {
    for (const trigger of this.triggers.values()) await trigger.destroy();
    this.triggers.clear();
    await this.agenda.drain(graceMs).catch(() => undefined);
    await this.agenda.stop();
  }
}
