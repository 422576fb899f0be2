import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ServiceMetrics } from '../../ports/shared/metrics.port.ts';
import { SeriesHistogram } from './series-histogram.ts';

/**
 * The service's metrics in Prometheus form (prom-client), in a registry of its own: request rate
 * and latency per route and status, job runs and failures, outbox lag, webhook delivery outcomes,
 * store latency per operation, and the process's own (memory, event loop, GC).
 */
export class PromMetrics implements ServiceMetrics {
  readonly registry = new Registry();
  private readonly requests: SeriesHistogram;
  private readonly jobs: Histogram<'job' | 'outcome'>;
  private readonly deliveries: Counter<'outcome'>;
  private readonly store: SeriesHistogram;
  private outboxAge: () => Promise<number | null> = async () => null;

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    // The two histograms every request feeds count without prom-client's per-observation label work.
    this.requests = new SeriesHistogram({
      name: 'http_request_duration_seconds',
      help: 'Requests answered, by method, declared route and status; their duration.',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    });
    this.registry.registerMetric(this.requests as never);
    this.jobs = new Histogram({
      name: 'job_run_duration_seconds',
      help: 'Background job runs, by job and outcome (succeeded, failed); their duration.',
      labelNames: ['job', 'outcome'],
      buckets: [0.01, 0.1, 1, 10, 60, 300],
      registers: [this.registry],
    });
    this.deliveries = new Counter({
      name: 'webhook_deliveries_total',
      help: 'Outbound webhook delivery attempts, by outcome (delivered, or the error category).',
      labelNames: ['outcome'],
      registers: [this.registry],
    });
    this.store = new SeriesHistogram({
      name: 'store_operation_duration_seconds',
      help: 'Store operations, by operation and collection; their duration.',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5],
    });
    this.registry.registerMetric(this.store as never);
    const outboxAge = () => this.outboxAge();
    new Gauge({
      name: 'outbox_lag_seconds',
      help: 'Age of the oldest event written but not yet published to webhooks (0 when none waits).',
      registers: [this.registry],
      async collect() {
        this.set((await outboxAge()) ?? 0);
      },
    });
  }

  /** Where the outbox lag is read from at each scrape. */
  watchOutbox(oldestAgeSeconds: () => Promise<number | null>): void {
    this.outboxAge = oldestAgeSeconds;
  }

  request(method: string, route: string, status: number, seconds: number): void {
    this.requests.seriesOf(`${method} ${status} ${route}`, () => ({ method, route, status: String(status) })).observe(seconds);
  }

  jobRun(job: string, outcome: 'succeeded' | 'failed', seconds: number): void {
    this.jobs.observe({ job, outcome }, seconds);
  }

  webhookDelivery(outcome: string): void {
    this.deliveries.inc({ outcome });
  }

  storeOperation(operation: string, collection: string): (seconds: number) => void {
    const series = this.store.seriesOf(`${operation} ${collection}`, () => ({ operation, collection }));
    return (seconds) => series.observe(seconds);
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
