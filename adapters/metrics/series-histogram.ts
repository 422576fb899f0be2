/** One label set's observations: a count per bucket (not yet cumulative), their sum and number. */
interface HistogramSeries {
  observe(seconds: number): void;
}

class Series implements HistogramSeries {
  readonly labels: Readonly<Record<string, string>>;
  readonly counts: Float64Array;
  private readonly bounds: readonly number[];
  sum = 0;
  count = 0;

  constructor(labels: Readonly<Record<string, string>>, bounds: readonly number[]) {
    this.labels = labels;
    this.bounds = bounds;
    this.counts = new Float64Array(bounds.length);
  }

  observe(seconds: number): void {
    if (!Number.isFinite(seconds)) return;
    this.sum += seconds;
    this.count += 1;
    const bounds = this.bounds;
    for (let index = 0; index < bounds.length; index += 1) {
      if (seconds <= (bounds[index] as number)) {
        this.counts[index] = (this.counts[index] as number) + 1;
        return;
      }
    }
  }
}

interface ExportedValue {
  readonly labels: Record<string, string | number>;
  readonly value: number;
  readonly metricName: string;
}

/**
 * A Prometheus histogram for the observations every request makes (its duration, its store
 * operations), registered in a prom-client registry as a metric of its own. prom-client's
 * Histogram validates, sorts and hashes the labels of every observation; here a caller looks its
 * series up once by a key of its choosing and then only counts, and the exposition (cumulative
 * `_bucket` lines with `le`, `_sum`, `_count`) is built at scrape time.
 */
export class SeriesHistogram {
  readonly name: string;
  readonly help: string;
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly bounds: readonly number[];
  private readonly series = new Map<string, Series>();

  constructor(options: { name: string; help: string; buckets: readonly number[] }) {
    this.name = options.name;
    this.help = options.help;
    this.bounds = [...options.buckets].sort((a, b) => a - b);
  }

  /** The series of these labels, kept under `key` (one key per label set). */
  seriesOf(key: string, labels: () => Record<string, string>): HistogramSeries {
    let found = this.series.get(key);
    if (!found) this.series.set(key, (found = new Series(labels(), this.bounds)));
    return found;
  }

  /** What the registry renders (prom-client's metric interface). */
  get(): { name: string; help: string; type: string; aggregator: string; values: ExportedValue[] } {
    const values: ExportedValue[] = [];
    for (const series of this.series.values()) {
      let cumulative = 0;
      this.bounds.forEach((bound, index) => {
        cumulative += series.counts[index] as number;
        values.push({ labels: { le: bound, ...series.labels }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { le: '+Inf', ...series.labels }, value: series.count, metricName: `${this.name}_bucket` });
      values.push({ labels: series.labels, value: series.sum, metricName: `${this.name}_sum` });
      values.push({ labels: series.labels, value: series.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.series.clear();
  }
}
