import { DomainError } from '../../core/shared/domain-error.ts';

/** A signed copy larger than this is refused rather than held in memory. */
export const MAX_SIGNED_COPY_BYTES = 50 * 1024 * 1024;

/**
 * What a provider's refusal or outage becomes: 502 `esign_provider_error` naming the provider, its
 * HTTP status and its own error code, with `retryAfter` (seconds) when it rate-limits.
 */
export const providerFailure = (
  provider: string,
  failure: { status: number | null; code: string | null; message: string | null; retryAfterSeconds?: number | null },
): DomainError =>
  new DomainError(
    'esign_provider_error',
    `${provider} ${failure.status === null ? 'could not be reached' : `answered ${failure.status}`}${failure.message ? `: ${failure.message}` : ''}.`,
    {
      provider,
      providerStatus: failure.status,
      providerCode: failure.code,
      ...(failure.retryAfterSeconds ? { retryAfter: failure.retryAfterSeconds } : {}),
    },
  );

/**
 * How long a rate-limited provider asks to wait: Retry-After (seconds or an HTTP date), else the
 * epoch second of X-RateLimit-Reset, else a minute; null for an answer that is not a 429.
 */
export const rateLimitWait = (status: number | null, headers: Record<string, unknown>, nowMs: number): number | null => {
  if (status !== 429) return null;
  const reset = Number(headers['x-ratelimit-reset']);
  return (
    retryAfterSeconds(headers['retry-after'], nowMs) ??
    (Number.isFinite(reset) && reset > 0 ? Math.max(1, Math.min(3600, Math.ceil(reset - nowMs / 1000))) : 60)
  );
};

/** Seconds from a Retry-After header (seconds or an HTTP date), bounded; null when absent or unreadable. */
const retryAfterSeconds = (value: unknown, nowMs: number): number | null => {
  if (typeof value !== 'string' || value.length > 40) return null;
  const seconds = /^\d+$/.test(value) ? Number(value) : Math.ceil((Date.parse(value) - nowMs) / 1000);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 3600) : null;
};
