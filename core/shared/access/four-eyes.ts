import { DomainError } from '../domain-error.ts';

/**
 * Four eyes: a decision that needs "someone else" (a referral, a settlement offer) is made by a
 * person other than each person it names. People, not credentials: an API key is its creator, so
 * a key cannot approve what its creator did, nor the creator what its keys did. The machine
 * secret is nobody (`decider` null): it may act, but it is never the second pair of eyes.
 */
export const assertSecondPair = (decider: string | null, others: readonly (string | null)[], what: string): void => {
  if (decider !== null && !others.includes(decider)) return;
  throw new DomainError(
    'forbidden',
    decider === null ? `The machine secret is no person: ${what} is decided by a person.` : `${what} is decided by someone other than whoever it names.`,
    { rule: 'four_eyes' },
  );
};
