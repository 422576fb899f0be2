import { ERROR_CATALOG, type ErrorCode } from './error-catalog.ts';

type ErrorDetails = Record<string, unknown>;

/** A failure the caller can act on, named by a stable code from the catalog. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails;

  constructor(code: ErrorCode, message?: string, details: ErrorDetails = {}) {
    super(message ?? ERROR_CATALOG[code]);
    this.name = 'DomainError';
    this.code = code;
    this.details = details;
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;

export const validationFailed = (field: string, rule: string, message?: string): DomainError =>
  new DomainError('validation_failed', message ?? `Field '${field}' failed rule '${rule}'.`, { field, rule });

/** A guarded write found its record changed by another request since it was read: 409, to retry. */
export const changedMeanwhile = (subject: string): DomainError =>
  new DomainError('conflict', `The ${subject} changed while this request was processed; retry.`);

export const notFound = (resource: string): DomainError => new DomainError('not_found', `${resource} not found.`);

/** Runs a write that may meet a unique key: true when it wrote, false when the key was taken. */
export const writeUnlessDuplicate = async (write: () => Promise<unknown>): Promise<boolean> => {
  try {
    await write();
    return true;
  } catch (error) {
    if (isDomainError(error) && error.code === 'duplicate') return false;
    throw error;
  }
};
