import test from 'ava';
import { Histogram, Registry } from 'prom-client';
import { SeriesHistogram } from '../../adapters/metrics/series-histogram.ts';

const BUCKETS = [0.01, 0.1, 1];
const OBSERVED: Array<[method: string, seconds: number]> = [
  ['GET', 0.005],
  ['GET', 0.01],
  ['GET', 0.5],
  ['GET', 7],
  ['POST', 0.05],
];

test('a series histogram renders exactly as a prom-client histogram fed the same observations', async (t) => {
  const ours = new Registry();
  const histogram = new SeriesHistogram({ name: 'request_seconds', help: 'Durations.', buckets: BUCKETS });
  ours.registerMetric(histogram as never);
  const theirs = new Registry();
  const reference = new Histogram({ name: 'request_seconds', help: 'Durations.', labelNames: ['method'], buckets: BUCKETS, registers: [theirs] });
  for (const [method, seconds] of OBSERVED) {
    histogram.seriesOf(method, () => ({ method })).observe(seconds);
    reference.observe({ method }, seconds);
  }
  t.is(await ours.metrics(), await theirs.metrics());
  t.regex(await ours.metrics(), /request_seconds_bucket\{le="0.01",method="GET"\} 2\n/);
  t.regex(await ours.metrics(), /request_seconds_bucket\{le="\+Inf",method="GET"\} 4\n/);
});

test('a series is created once per key, and a value that is not a number is not counted', async (t) => {
  const histogram = new SeriesHistogram({ name: 'op_seconds', help: 'Durations.', buckets: BUCKETS });
  let created = 0;
  const series = () =>
    histogram.seriesOf('findOne users', () => {
      created += 1;
      return { operation: 'findOne', collection: 'users' };
    });
  series().observe(0.2);
  series().observe(Number.NaN);
  t.is(created, 1);
  const count = histogram.get().values.find((value) => value.metricName === 'op_seconds_count');
  t.is(count?.value, 1);
  histogram.reset();
  t.deepEqual(histogram.get().values, []);
});
