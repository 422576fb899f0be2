/** What the service counts and times for its operators (`GET /metrics`). */
export interface Metrics {
  /** One answered request: the route as declared (`/v1/policies/:id`, never the ids), its status and duration. */
  request(method: string, route: string, status: number, seconds: number): void;
  jobRun(job: string, outcome: 'succeeded' | 'failed', seconds: number): void;
  /** One webhook delivery attempt: `delivered`, or its error category. */
  webhookDelivery(outcome: string): void;
  /** Where the durations of one operation on one collection go; asked once, then called per operation. */
  storeOperation(operation: string, collection: string): (seconds: number) => void;
}

/** The metrics as a scraper reads them. */
export interface MetricsExposition {
  render(): Promise<string>;
  readonly contentType: string;
}

/** Everything the service's metrics offer: what is counted, its exposition, and the outbox lag gauge. */
export interface ServiceMetrics extends Metrics, MetricsExposition {
  /** Reads the age of the oldest undelivered event whenever the metrics are scraped. */
  watchOutbox(oldestAgeSeconds: () => Promise<number | null>): void;
}
