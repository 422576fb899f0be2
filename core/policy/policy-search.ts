import { nameTerms, numberTerms, searchTerms } from '../shared/search-words.ts';

/** What a policy is found by (`q`): the words of its insured's name (nameTerms) and of its number (numberTerms). */
export const policySearchTerms = (policy: { readonly policyNumber: string; readonly risk: { readonly insuredName: string } }): string[] =>
  searchTerms(...nameTerms(policy.risk.insuredName), ...numberTerms(policy.policyNumber));
