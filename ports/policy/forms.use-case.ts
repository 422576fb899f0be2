import { formsInForce, scheduleOfForms, type FormReference, type FormsLibrary, type PolicyForm, type ScheduleContext } from '../../core/policy/forms.ts';
import { today, type CalendarDate } from '../../core/shared/calendar-date.ts';
import type { LineOfBusiness } from '../../core/shared/reference-data.ts';
import type { ListedForm } from '../../core/policy/policy-documents.ts';
import type { Clock } from '../shared/clock.port.ts';

export interface FormsDeps {
  readonly library: FormsLibrary;
  readonly clock: Clock;
}

/** The forms library: what is in force, and the schedule of forms a policy's risk and term carry. */
export class Forms {
  private readonly deps: FormsDeps;

  constructor(deps: FormsDeps) {
    this.deps = deps;
  }

  get libraryVersion(): string {
    return this.deps.library.version;
  }

  /** The editions in force on `asOf` (today on the organization's clock), for a line and a state when given. */
  list(orgId: string, filter: { line?: LineOfBusiness; state?: string; asOf?: CalendarDate }): PolicyForm[] {
    return formsInForce(this.deps.library, { ...filter, asOf: filter.asOf ?? today(this.deps.clock.now(orgId)) });
  }

  /** Forms with their titles from the library (a form it no longer holds is listed by its number). */
  titled(forms: readonly FormReference[]): ListedForm[] {
    return forms.map((form) => {
      const found = this.deps.library.forms.find((entry) => entry.formNumber === form.formNumber && entry.edition === form.edition);
      return { formNumber: form.formNumber, edition: form.edition, title: found?.title ?? form.formNumber };
    });
  }

  /** The schedule of forms of a term: the editions in force when it began, as its risk calls for them. */
  schedule(context: ScheduleContext): FormReference[] {
    return scheduleOfForms(this.deps.library, context);
  }
}
