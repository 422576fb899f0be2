import { searchTerms } from '../shared/search-words.ts';

/**
 * What a policy is found by (`q`): the words of its insured's name and of its number, and the
 * number's letters and digits run together, so `HPL-2027-0001` and `hpl2027` both find it.
 */
export const policySearchTerms = (policy: { readonly policyNumber: string; readonly risk: { readonly insuredName: string } }): string[] =>
  searchTerms(policy.risk.insuredName, policy.policyNumber, searchTerms(policy.policyNumber).join(''));
