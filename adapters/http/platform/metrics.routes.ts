import { createHash, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../../../core/shared/domain-error.ts';
import type { MetricsExposition } from '../../../ports/shared/metrics.port.ts';
import { definePublicRoute, type RouteDefinition } from '../shared/route.ts';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** `GET /metrics`: Prometheus text for a bearer holding the machine secret or `METRICS_TOKEN`; 401 otherwise. */
export const metricsRoute = (metrics: MetricsExposition, tokens: readonly string[]): RouteDefinition => {
  const accepted = tokens.map(digest);
  return definePublicRoute({
    method: 'GET',
    path: '/metrics',
    operationId: 'metrics',
    summary:
      'Prometheus metrics: requests by route and status with latency, job runs and failures, outbox lag, webhook delivery outcomes, store latency and the process’s own. Bearer: the machine secret or `METRICS_TOKEN`.',
    tags: ['operations'],
    rateClass: 'none',
    errors: ['unauthenticated'],
    responses: { 200: { description: 'Prometheus text exposition format.' } },
    handler: async (context) => {
      const given = digest(context.bearer ?? '');
      // Compared in constant time against each accepted token, all of them every time.
      const allowed = accepted.map((token) => timingSafeEqual(token, given)).includes(true);
      if (!context.bearer || !allowed) throw new DomainError('unauthenticated', 'Send the machine secret or METRICS_TOKEN as a bearer token.');
      return { status: 200, body: Buffer.from(await metrics.render()), headers: { 'Content-Type': metrics.contentType } };
    },
  });
};
