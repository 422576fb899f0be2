import { numberTerms, searchTerms } from '../shared/search-words.ts';

/** What a policy is found by (`q`): the words of its insured's name and of its number (numberTerms). */
export const policySearchTerms = (policy: { readonly policyNumber: string; readonly risk: { readonly insuredName: string } }): string[] =>
  searchTerms(policy.risk.insuredName, ...numberTerms(policy.policyNumber));
