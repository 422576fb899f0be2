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
