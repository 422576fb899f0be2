import { MemoryWindowCounter } from '../adapters/persistence/rate-limit/window-counter.memory.ts';
import { StoreWindowCounter } from '../adapters/persistence/rate-limit/window-counter.store.ts';
import { RateLimiter } from '../ports/rate-limit/rate-limiter.use-case.ts';
import type { AppConfig } from './config.ts';
import { PLATFORM } from './platform.tokens.ts';
import { RATE_LIMIT } from './rate-limit.tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** Request budgets per credential and organization, and the windows that count sign-in attempts. */
export const rateLimitModule = (config: AppConfig): ContextModule => ({
  name: 'rate-limit',
  bindings: bindings((wire) => {
    // Rate windows may be lost on a crash without harm; sign-in lockouts may not. With the embedded
    // engine one process owns the data, so its memory is the shared store for rate windows.
    wire.factory(RATE_LIMIT.RateWindows, { store: PLATFORM.Store }, ({ store }) =>
      store.engine === 'mongodb' ? StoreWindowCounter.create(store, 'rate_windows', { volatile: true }) : new MemoryWindowCounter(),
    );
    wire.factory(RATE_LIMIT.SignInAttempts, { store: PLATFORM.Store }, ({ store }) =>
      StoreWindowCounter.create(store, 'sign_in_attempts', { volatile: false }),
    );
    wire.factory(
      RATE_LIMIT.RateLimiter,
      { windows: RATE_LIMIT.RateWindows, clock: PLATFORM.Clock },
      ({ windows, clock }) => new RateLimiter(config.environment, config.defaultRateLimit, windows, clock),
    );
  }),
});
