import { DomainError } from '../shared/domain-error.ts';

/** Inbound events older than this, or this far in the future, are refused. */
const MAX_EVENT_AGE_MS = 5 * 60_000;
export const EVENT_ID_RETENTION_MS = 24 * 60 * 60_000;

export const assertFresh = (timestampMs: number, nowMs: number): void => {
  if (!Number.isFinite(timestampMs) || Math.abs(nowMs - timestampMs) > MAX_EVENT_AGE_MS) {
    throw new DomainError('stale_event', 'The event timestamp is more than 5 minutes away from now.', { toleranceSeconds: MAX_EVENT_AGE_MS / 1000 });
  }
};
