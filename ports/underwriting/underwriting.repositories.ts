import type { Quote } from '../../core/underwriting/quote.ts';
import type { Submission, SubmissionStatus } from '../../core/underwriting/submission.ts';
import type { Cents } from '../../core/shared/money.ts';
import type { Transition } from '../../core/shared/lifecycle.ts';
import type { Among, Page, PageRequest } from '../shared/persistence/page.ts';

export interface SubmissionFilters extends Among {
  readonly status?: SubmissionStatus;
  readonly producerId?: string;
  readonly createdFrom?: Date;
  readonly createdTo?: Date;
  /** The words of `q` (queryWords): each must begin a word of the insured's name. */
  readonly words?: readonly string[];
}

export interface SubmissionRepository {
  insert(submission: Submission): Promise<void>;
  findById(orgId: string, id: string): Promise<Submission | null>;
  list(orgId: string, filters: SubmissionFilters, page: PageRequest): Promise<Page<Submission>>;
  /** Makes a lifecycle move; null when the submission was not in one of `step.from`. */
  move(orgId: string, id: string, step: Transition<SubmissionStatus>, at: Date): Promise<Submission | null>;
  /** quoted → binding for the bind that will issue `policyId`; null when another holds it or it is not quoted. */
  holdForBinding(orgId: string, id: string, policyId: string, at: Date): Promise<Submission | null>;
  /** binding → quoted, only for the bind of `policyId` (or for a stale one older than `staleBefore`). */
  releaseBinding(orgId: string, id: string, policyId: string, at: Date): Promise<Submission | null>;
}

export interface QuoteRepository {
  insert(quote: Quote): Promise<void>;
  findById(orgId: string, id: string): Promise<Quote | null>;
  /** The submission's newest quote that is still active. */
  findActive(orgId: string, submissionId: string): Promise<Quote | null>;
  /** Marks older active quotes of the submission superseded. */
  supersedeOthers(orgId: string, submissionId: string, keepId: string): Promise<void>;
  /** Takes an active quote for binding; exactly one of racing binders gets it. */
  holdForBinding(orgId: string, id: string, policyId: string): Promise<Quote | null>;
  releaseHold(orgId: string, id: string, policyId: string): Promise<void>;
  /** The quote a bind of `policyId` took, if any. */
  findHeldBy(orgId: string, submissionId: string, policyId: string): Promise<Quote | null>;
  /** Takes back a quote that was never shown to anyone (its submission moved on meanwhile). */
  withdraw(orgId: string, id: string): Promise<void>;
}

/** Written premium per organization, program and year, for the delegated-authority cap. */
export interface WrittenPremiumCounter {
  written(orgId: string, programId: string, year: number): Promise<Cents>;
  /** Adds `amount` only if the total stays within `cap`, in one atomic guarded write. */
  reserve(orgId: string, programId: string, year: number, amount: Cents, cap: Cents): Promise<boolean>;
  release(orgId: string, programId: string, year: number, amount: Cents): Promise<void>;
}
