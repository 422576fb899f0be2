import test from 'ava';
import { decide, limitPerMinute, type LimitInputs } from '../../../core/rate-limit/rate-limit.rules.ts';

const base: LimitInputs = { environment: 'local', tier: 'standard', override: null, configuredDefault: null, rateClass: 'standard' };

test('limits per minute by environment, tier, contract override and route class', (t) => {
  const table: Array<[Partial<LimitInputs>, number]> = [
    [{}, 100],
    [{ environment: 'sandbox', tier: 'enterprise' }, 100],
    [{ environment: 'production' }, 1_000],
    [{ environment: 'production', tier: 'enterprise' }, 10_000],
    [{ environment: 'production', tier: null }, 1_000],
    [{ environment: 'production', override: 2_500 }, 2_500],
    [{ override: 7 }, 7],
    [{ configuredDefault: 500 }, 500],
    [{ configuredDefault: 500, override: 9 }, 9],
    [{ rateClass: 'ingest', environment: 'production', tier: 'enterprise', override: 99_999 }, 20],
  ];
  for (const [inputs, expected] of table) t.is(limitPerMinute({ ...base, ...inputs }), expected, JSON.stringify(inputs));
});

test('the decision counts this request: the limit-th is allowed, the next is not', (t) => {
  const windowEnd = 1_700_000_060_000;
  t.like(decide(100, 100, windowEnd, windowEnd - 30_500), { allowed: true, remaining: 0, resetAt: 1_700_000_060 });
  t.like(decide(101, 100, windowEnd, windowEnd - 30_500), { allowed: false, remaining: 0, retryAfter: 31 });
  t.like(decide(1, 100, windowEnd, windowEnd - 10), { allowed: true, remaining: 99, retryAfter: 1 });
});
