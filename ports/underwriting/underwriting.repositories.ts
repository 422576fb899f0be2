import type { Quote } from '../../core/underwriting/quote.ts';
import type { Submission, SubmissionStatus } from '../../core/underwriting/submission.ts';
import type { Cents } from '../../core/shared/money.ts';
import type { Transition } from '../../core/shared/lifecycle.ts';
import type { Among, Page, PageRequest } from '../shared/persistence/page.ts';
import type { GroupedWrite } from '../shared/persistence/collection-store.port.ts';

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
  /** A lifecycle move as a required write of a command's group: the group fails (guard `submission_moved`) when the submission is no longer in `step.from`. */
  moveWrite(orgId: string, id: string, step: Transition<SubmissionStatus>, at: Date): GroupedWrite;
}

export interface QuoteRepository {
  insert(quote: Quote): Promise<void>;
  findById(orgId: string, id: string): Promise<Quote | null>;
  /** The submission's newest quote that is still active. */
  findActive(orgId: string, submissionId: string): Promise<Quote | null>;
  /** What a new quote of a submission writes, for the command's one write: the quote, and every older active quote of the submission superseded. */
  quoteWrites(quote: Quote): GroupedWrite[];
  /**
   * What binding a quote to `policyId` writes, for the command's one write: the quote active →
   * bound (required, guard `quote_taken`: of racing binders one group is kept) and, given its
   * submission, every other active quote of it superseded.
   */
  bindWrites(orgId: string, id: string, policyId: string, submissionId: string | null): GroupedWrite[];
  /** Takes back a quote that was never shown to anyone (its submission moved on meanwhile). */
  withdraw(orgId: string, id: string): Promise<void>;
}

/** Written premium per organization, program and year, for the delegated-authority cap. */
export interface WrittenPremiumCounter {
  written(orgId: string, programId: string, year: number): Promise<Cents>;
  /** Adds `amount` only if the total stays within `cap`, in one atomic guarded write. */
  reserve(orgId: string, programId: string, year: number, amount: Cents, cap: Cents): Promise<boolean>;
  release(orgId: string, programId: string, year: number, amount: Cents): Promise<void>;
  /**
   * Makes the year's total (at zero) if it is not there yet, so a command's group can move it
   * with `addWrite`; a total of zero changes nothing anyone reads.
   */
  open(orgId: string, programId: string, year: number): Promise<void>;
  /**
   * Adds `amount` (negative: gives it back) as a write of a command's group; given a `cap`, the
   * write is required to keep the total within it (guard `aggregate_cap`). The total must be open.
   */
  addWrite(orgId: string, programId: string, year: number, amount: Cents, cap?: Cents): GroupedWrite;
}
