import { isDomainError } from '../../core/shared/domain-error.ts';
import { RequiredWriteUnmatched } from './persistence/collection-store.port.ts';

/** How often a command that lost a race starts again from its reads before answering 409. */
const ATTEMPTS = 12;

/** Its one write lost a race: a guard no longer held, or a key it took was taken meanwhile. Nothing of it was kept. */
export const lostRace = (error: unknown): boolean => error instanceof RequiredWriteUnmatched || (isDomainError(error) && error.code === 'duplicate');

/**
 * Runs a command (read, decide, one atomic write) again from its reads when its write lost a race
 * to another command on the same records. Nothing of a lost attempt was kept, so running it again
 * is safe; the last loss is rethrown for the caller to answer.
 */
export const retryFromReads = async <T>(command: () => Promise<T>, raced: (error: unknown) => boolean = lostRace): Promise<T> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await command();
    } catch (error) {
      if (attempt >= ATTEMPTS || !raced(error)) throw error;
    }
  }
};
