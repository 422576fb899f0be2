import type { SecretTools } from '../ports/shared/secret-tools.port.ts';
import type { JobRunner } from '../ports/platform/job-runner.port.ts';
import type { ScheduledJob, ScheduledJobs } from '../ports/platform/scheduled-jobs.use-case.ts';
import type { Clock, OrganizationTimes, TestClockRoster } from '../ports/shared/clock.port.ts';
import type { DailyWork } from '../ports/shared/daily-work.port.ts';
import type { IdGenerator } from '../ports/shared/id-generator.port.ts';
import type { IdempotencyKeys } from '../ports/shared/idempotency-keys.port.ts';
import type { Mailer } from '../ports/shared/mailer.port.ts';
import type { ServiceMetrics } from '../ports/shared/metrics.port.ts';
import type { CollectionStore } from '../ports/shared/persistence/collection-store.port.ts';
import type { AtomicWrite } from '../ports/shared/persistence/atomic-write.port.ts';
import type { SequenceGenerator } from '../ports/shared/sequence-generator.port.ts';
import type { RequestWrites } from '../ports/shared/persistence/request-writes.port.ts';
import { token } from './wiring.ts';

/** The store, time, ids, secrets, numbering, idempotency, mail, metrics and the job runner: what every context uses. Each key is typed by the port bound to it in `platform.module.ts`. */
export const PLATFORM = {
  Store: token<CollectionStore>('CollectionStore'),
  /** A command's writes committed as one group on the store. */
  AtomicWrite: token<AtomicWrite>('AtomicWrite'),
  /** What a request writes beside its command's group (its audit entry), kept in that group. */
  RequestWrites: token<RequestWrites>('RequestWrites'),
  Metrics: token<ServiceMetrics>('Metrics'),
  Clock: token<Clock>('Clock'),
  /** The same clock: which organizations live on a test clock, and where their times are set. */
  TestClockRoster: token<TestClockRoster>('TestClockRoster'),
  OrganizationTimes: token<OrganizationTimes>('OrganizationTimes'),
  /** Each context's work of a business day for one organization (`wire.contribute`), in the order contributed. */
  DailyWork: token<DailyWork>('DailyWork'),
  Ids: token<IdGenerator>('IdGenerator'),
  SecretTools: token<SecretTools>('SecretTools'),
  Sequences: token<SequenceGenerator>('SequenceGenerator'),
  IdempotencyKeys: token<IdempotencyKeys>('IdempotencyKeys'),
  Mailer: token<Mailer>('Mailer'),
  JobRunner: token<JobRunner>('JobRunner'),
  ScheduledJobs: token<ScheduledJobs>('ScheduledJobs'),
  /** Each context's jobs on a schedule, listed at `GET /v1/jobs` (`wire.contribute`). */
  ScheduledJob: token<ScheduledJob>('ScheduledJob'),
} as const;
