import { decide, limitPerMinute, RATE_WINDOW_MS, type RateClass, type RateDecision } from '../../core/rate-limit/rate-limit.rules.ts';
import type { Environment, Organization } from '../../core/tenancy/organization.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { WindowCounter } from './window-counter.port.ts';

/** Counts a request against its caller's budget and decides whether it may proceed. */
export class RateLimiter {
  private readonly environment: Environment;
  private readonly configuredDefault: number | null;
  private readonly counter: WindowCounter;
  private readonly clock: Clock;

  constructor(environment: Environment, configuredDefault: number | null, counter: WindowCounter, clock: Clock) {
    this.environment = environment;
    this.configuredDefault = configuredDefault;
    this.counter = counter;
    this.clock = clock;
  }

  async admit(subject: string, rateClass: RateClass, organization: Organization | null): Promise<RateDecision> {
    const limit = limitPerMinute({
      environment: this.environment,
      tier: organization?.tier ?? null,
      override: organization?.rateLimitPerMinute ?? null,
      configuredDefault: this.configuredDefault,
      rateClass,
    });
    const now = this.clock.now();
    const { count, windowEndsAt } = await this.counter.hit(`rate:${rateClass}:${subject}`, RATE_WINDOW_MS, now);
    return decide(count, limit, windowEndsAt.getTime(), now.getTime());
  }
}
