import { Type } from '@sinclair/typebox';
import type { ScheduledJobs } from '../../../ports/platform/scheduled-jobs.use-case.ts';
import { collectionOf, Nullable, OneOf, Timestamp } from '../shared/common.schemas.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';
import { isoInstant } from '../../../core/shared/iso-instant.ts';

const JobSchema = Type.Object(
  {
    name: Type.String(),
    description: Type.String(),
    schedule: Type.String({ description: 'Cron expression, UTC.' }),
    nextRunAt: Nullable(Timestamp()),
    lastRun: Nullable(
      Type.Object({
        startedAt: Timestamp(),
        finishedAt: Nullable(Timestamp()),
        outcome: OneOf(['running', 'succeeded', 'failed'] as const),
        summary: Nullable(Type.String({ description: 'What the run did, or why it failed.' })),
      }),
    ),
  },
  { $id: 'ScheduledJob', description: 'A scheduled job and its last run.' },
);

const JobParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9-]+$', examples: ['da-utilization'] }) });

/** The platform's scheduled jobs, for the machine secret (and superadmins). */
export const jobRoutes = (jobs: ScheduledJobs): RouteDefinition[] => [
  defineRoute({
    method: 'GET',
    path: '/v1/jobs',
    operationId: 'listJobs',
    summary: 'Every scheduled job with its schedule, its next run and the outcome of its last run (shared by every process).',
    tags: ['jobs'],
    permission: 'jobs:run',
    responses: { 200: { description: 'The jobs.', schema: collectionOf(JobSchema) } },
    handler: async () => ({
      status: 200,
      body: {
        data: (await jobs.list()).map((job) => ({
          name: job.name,
          description: job.description,
          schedule: job.schedule,
          nextRunAt: job.nextRunAt ? isoInstant(job.nextRunAt) : null,
          lastRun: job.lastRun
            ? {
                startedAt: isoInstant(job.lastRun.startedAt),
                finishedAt: job.lastRun.finishedAt ? isoInstant(job.lastRun.finishedAt) : null,
                outcome: job.lastRun.outcome,
                summary: job.lastRun.summary,
              }
            : null,
        })),
      },
    }),
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/jobs/:name/run',
    operationId: 'runJob',
    summary:
      'Start a job now: it is queued and runs within a second on whichever process takes it; each condition still sends its event once per item and day.',
    tags: ['jobs'],
    permission: 'jobs:run',
    params: JobParams,
    responses: {
      202: {
        description: 'Queued.',
        schema: Type.Object(
          { name: Type.String(), runId: Type.String(), status: Type.Literal('queued') },
          { $id: 'JobRun', description: 'A queued run of a job.' },
        ),
      },
    },
    handler: async (context) => ({ status: 202, body: { ...(await jobs.runNow(context.params.name)), status: 'queued' as const } }),
  }),
];
