import { compareDates, type CalendarDate } from '../shared/calendar-date.ts';
import { naicsSector, type LineOfBusiness } from '../shared/reference-data.ts';
import { meets, triggerOf, type CoverageCondition, type CoverageOptions, type CoverageTrigger } from '../underwriting/coverage-options.ts';
import type { CompleteRisk } from '../underwriting/risk.ts';

export const FORM_KINDS = ['policy', 'endorsement', 'notice', 'state_amendatory'] as const;
export type FormKind = (typeof FORM_KINDS)[number];

/** The transactions a notice is issued for. */
export const NOTICE_TRANSACTIONS = ['cancellation', 'cancellation_notice', 'reinstatement', 'nonrenewal'] as const;
export type NoticeTransaction = (typeof NOTICE_TRANSACTIONS)[number];

/**
 * When a form attaches, in data: every condition given must hold (none: always, for its lines
 * and states). A notice names the transactions it is issued for; every other form belongs to
 * the policy's schedule of forms.
 */
export interface AttachWhen {
  readonly trigger?: CoverageTrigger;
  /** Coverage options on the risk that must all be there (an additional insured for ongoing operations). */
  readonly options?: readonly CoverageCondition[];
  /** The insured's NAICS sectors it attaches for (an exclusion for professional services). */
  readonly naicsSectors?: readonly string[];
  readonly transactions?: readonly NoticeTransaction[];
}

/** One edition of a form of the library (CONTRACT 18.8). */
export interface PolicyForm {
  readonly formNumber: string;
  /** YYYY-MM, as printed at the form's foot. */
  readonly edition: string;
  readonly effectiveFrom: CalendarDate;
  readonly effectiveTo: CalendarDate | null;
  readonly title: string;
  readonly kind: FormKind;
  readonly lines: readonly LineOfBusiness[];
  /** The states it is for; null: every state. */
  readonly states: readonly string[] | null;
  readonly attachWhen: AttachWhen;
  readonly source: string;
  readonly sourceNote?: string;
}

export interface FormsLibrary {
  /** The library's version (its fixture's date). */
  readonly version: string;
  readonly forms: readonly PolicyForm[];
}

/** A form as a policy or a document names it. */
export interface FormReference {
  readonly formNumber: string;
  readonly edition: string;
}

export const inForceOn = (form: PolicyForm, date: CalendarDate): boolean =>
  compareDates(form.effectiveFrom, date) <= 0 && (form.effectiveTo === null || compareDates(date, form.effectiveTo) <= 0);

const appliesTo = (form: PolicyForm, line: LineOfBusiness, state: string): boolean =>
  form.lines.includes(line) && (form.states === null || form.states.includes(state));

/** The editions in force on `asOf`, for a line and a state when given, in form-number order. */
export const formsInForce = (library: FormsLibrary, filter: { line?: LineOfBusiness; state?: string; asOf: CalendarDate }): PolicyForm[] =>
  library.forms
    .filter(
      (form) =>
        inForceOn(form, filter.asOf) &&
        (filter.line === undefined || form.lines.includes(filter.line)) &&
        (filter.state === undefined || form.states === null || form.states.includes(filter.state)),
    )
    .sort((a, b) => a.formNumber.localeCompare(b.formNumber));

/** What the schedule of a policy's forms is decided on: the risk as written, and the day its term began. */
export interface ScheduleContext {
  readonly line: LineOfBusiness;
  readonly state: string;
  readonly naicsCode: string;
  readonly coverage?: CoverageOptions;
  /** The term's first day: its forms are the editions in force then, whenever a change is made. */
  readonly termStart: CalendarDate;
}

/** A term's schedule context from its risk. */
export const scheduleContextOf = (risk: CompleteRisk, termStart: CalendarDate): ScheduleContext => ({
  line: risk.lineOfBusiness,
  state: risk.state,
  naicsCode: risk.naicsCode,
  ...(risk.coverage ? { coverage: risk.coverage } : {}),
  termStart,
});

const KIND_ORDER: Record<FormKind, number> = { policy: 0, state_amendatory: 1, endorsement: 2, notice: 3 };

const conditionsHold = (when: AttachWhen, context: ScheduleContext): boolean =>
  (when.trigger === undefined || when.trigger === triggerOf(context.coverage)) &&
  (when.options ?? []).every((option) => meets(context.coverage, option)) &&
  (when.naicsSectors === undefined || when.naicsSectors.includes(naicsSector(context.naicsCode) ?? ''));

/**
 * The policy's schedule of forms: every coverage form, state amendatory endorsement and
 * endorsement whose edition was in force when the term began and whose conditions the risk
 * meets; coverage forms first, then by form number.
 */
export const scheduleOfForms = (library: FormsLibrary, context: ScheduleContext): FormReference[] =>
  library.forms
    .filter(
      (form) =>
        form.kind !== 'notice' &&
        appliesTo(form, context.line, context.state) &&
        inForceOn(form, context.termStart) &&
        conditionsHold(form.attachWhen, context),
    )
    .sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.formNumber.localeCompare(b.formNumber))
    .map(({ formNumber, edition }) => ({ formNumber, edition }));

/** The notice a transaction issues for a policy's line and state, in the edition in force on `asOf`; null when the library has none. */
export const noticeFor = (library: FormsLibrary, transaction: NoticeTransaction, line: LineOfBusiness, state: string, asOf: CalendarDate): PolicyForm | null =>
  library.forms.find(
    (form) => form.kind === 'notice' && (form.attachWhen.transactions ?? []).includes(transaction) && appliesTo(form, line, state) && inForceOn(form, asOf),
  ) ?? null;

/** Forms a schedule gained and lost between two versions of a policy (an endorsement's document shows them). */
export const scheduleChanges = (before: readonly FormReference[], after: readonly FormReference[]): { added: FormReference[]; removed: FormReference[] } => {
  const key = (form: FormReference) => `${form.formNumber} ${form.edition}`;
  const [was, is] = [new Set(before.map(key)), new Set(after.map(key))];
  return { added: after.filter((form) => !was.has(key(form))), removed: before.filter((form) => !is.has(key(form))) };
};
