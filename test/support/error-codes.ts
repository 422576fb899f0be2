import { isDomainError } from '../../core/shared/domain-error.ts';

/** The error code a call throws with, null when it does not throw ('unexpected' for anything but a domain error). */
export const codeOf = (fn: () => unknown): string | null => {
  try {
    fn();
    return null;
  } catch (error) {
    return isDomainError(error) ? error.code : 'unexpected';
  }
};

/** The error code a promise rejects with, null when it resolves. */
export const rejectionCodeOf = async (promise: Promise<unknown>): Promise<string | null> => {
  try {
    await promise;
    return null;
  } catch (error) {
    return isDomainError(error) ? error.code : 'unexpected';
  }
};

/** The domain error a promise rejects with (its code and details), null when it resolves; anything else is thrown on. */
export const rejectionOf = async (promise: Promise<unknown>): Promise<{ code: string; details: Record<string, unknown> } | null> => {
  try {
    await promise;
    return null;
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { code: error.code, details: (error.details ?? {}) as Record<string, unknown> };
  }
};
