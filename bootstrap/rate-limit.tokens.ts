import type { RateLimiter } from '../ports/rate-limit/rate-limiter.use-case.ts';
import type { WindowCounter } from '../ports/rate-limit/window-counter.port.ts';
import { token } from './wiring.ts';

/** Request budgets and sign-in attempt windows. Each key is typed by the port bound to it in `rate-limit.module.ts`. */
export const RATE_LIMIT = {
  RateWindows: token<WindowCounter>('RateWindows'),
  SignInAttempts: token<WindowCounter>('SignInAttempts'),
  RateLimiter: token<RateLimiter>('RateLimiter'),
} as const;
