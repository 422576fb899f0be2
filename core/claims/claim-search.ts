import { nameTerms, numberTerms, searchTerms } from '../shared/search-words.ts';
import type { Claim } from './claim.ts';

/** What a claim is found by (`q`): its number, its policy's number (numberTerms) and the insured's name (nameTerms). */
export const claimSearchTerms = (claim: Pick<Claim, 'claimNumber' | 'policyNumber' | 'insuredName'>): string[] =>
  searchTerms(...numberTerms(claim.claimNumber), ...numberTerms(claim.policyNumber), ...nameTerms(claim.insuredName ?? ''));
