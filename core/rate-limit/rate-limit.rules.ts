import type { Environment, Tier } from '../tenancy/organization.ts';

export const RATE_WINDOW_MS = 60_000;

/** Which budget a route draws from: the caller's general one, or a separately limited one. */
export type RateClass = 'standard' | 'ingest' | 'pdf_intake' | 'file_upload' | 'render';

const ENVIRONMENT_LIMIT: Record<Exclude<Environment, 'production'>, number> = { local: 100, sandbox: 100 };
const PRODUCTION_TIER_LIMIT: Record<Tier, number> = { standard: 1_000, enterprise: 10_000 };
/**
 * AI ingest and PDF intake parse documents: 20 a minute each; file uploads (claim attachments,
 * up to 25 MiB each) 60 a minute; rendering HTML to PDF (a shared browser) 30 a minute; whatever
 * the caller's general budget.
 */
const CLASS_LIMIT: Partial<Record<RateClass, number>> = { ingest: 20, pdf_intake: 20, file_upload: 60, render: 30 };

export interface LimitInputs {
  readonly environment: Environment;
  readonly tier: Tier | null;
  readonly override: number | null;
  /** An operator's default replacing the environment's and tier's (never a route class limit). */
  readonly configuredDefault: number | null;
  readonly rateClass: RateClass;
}

/** Requests per minute allowed for one caller. */
export const limitPerMinute = ({ environment, tier, override, configuredDefault, rateClass }: LimitInputs): number => {
  const classLimit = CLASS_LIMIT[rateClass];
  if (classLimit !== undefined) return classLimit;
  if (override !== null) return override;
  if (configuredDefault !== null) return configuredDefault;
  if (environment === 'production') return PRODUCTION_TIER_LIMIT[tier ?? 'standard'];
  return ENVIRONMENT_LIMIT[environment];
};

export interface RateDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Epoch seconds at which the window resets. */
  readonly resetAt: number;
  /** Whole seconds to wait, at least 1, when not allowed. */
  readonly retryAfter: number;
}

/** Decides on the count after this request was atomically added to the window's counter. */
export const decide = (count: number, limit: number, windowEndsAtMs: number, nowMs: number): RateDecision => ({
  allowed: count <= limit,
  limit,
  remaining: Math.max(0, limit - count),
  resetAt: Math.ceil(windowEndsAtMs / 1000),
  retryAfter: Math.max(1, Math.ceil((windowEndsAtMs - nowMs) / 1000)),
});
