import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FORM_KINDS, NOTICE_TRANSACTIONS, type FormsLibrary, type PolicyForm } from '../../core/policy/forms.ts';
import { compareDates, isCalendarDate } from '../../core/shared/calendar-date.ts';
import { HOME_STATES, LINES_OF_BUSINESS } from '../../core/shared/reference-data.ts';
import { COVERAGE_CONDITIONS, COVERAGE_TRIGGERS } from '../../core/underwriting/coverage-options.ts';

const FILE = 'fixtures/forms/forms-library.json';
const EDITION = /^(19|20)\d{2}-(0[1-9]|1[0-2])$/;
const ATTACH_KEYS = new Set(['trigger', 'options', 'naicsSectors', 'transactions']);

const among = (values: readonly string[], allowed: readonly string[]): boolean => values.every((value) => allowed.includes(value));

/** Why a form of the library is malformed, or null. */
const flawOf = (form: PolicyForm): string | null => {
  if (!/^[A-Z]{2,3}( [A-Z0-9]{1,3}){1,3}$/.test(form.formNumber ?? '')) return 'a form number such as "CG 00 01"';
  if (!EDITION.test(form.edition ?? '')) return 'an edition YYYY-MM';
  if (!isCalendarDate(form.effectiveFrom)) return 'effectiveFrom, a date';
  if (form.effectiveTo !== null && (!isCalendarDate(form.effectiveTo) || compareDates(form.effectiveTo, form.effectiveFrom) < 0))
    return 'effectiveTo, null or a date after effectiveFrom';
  if (typeof form.title !== 'string' || form.title.trim() === '') return 'a title';
  if (!(FORM_KINDS as readonly string[]).includes(form.kind)) return `a kind among ${FORM_KINDS.join(', ')}`;
  if (!Array.isArray(form.lines) || form.lines.length === 0 || !among(form.lines, LINES_OF_BUSINESS)) return 'lines among GL, PROPERTY, AUTO, CYBER, PL';
  if (form.states !== null && (!Array.isArray(form.states) || form.states.length === 0 || !among(form.states, HOME_STATES)))
    return 'states, null or state codes';
  if (typeof form.source !== 'string' || form.source.trim() === '') return 'a source';
  const when = form.attachWhen;
  if (typeof when !== 'object' || when === null || Object.keys(when).some((key) => !ATTACH_KEYS.has(key)))
    return `attachWhen with only ${[...ATTACH_KEYS].join(', ')}`;
  if (when.trigger !== undefined && !(COVERAGE_TRIGGERS as readonly string[]).includes(when.trigger)) return 'attachWhen.trigger occurrence or claims_made';
  if (when.options !== undefined && !among(when.options, COVERAGE_CONDITIONS)) return `attachWhen.options among ${COVERAGE_CONDITIONS.join(', ')}`;
  if (when.naicsSectors !== undefined && !when.naicsSectors.every((sector) => /^\d{2}(-\d{2})?$/.test(sector)))
    return 'attachWhen.naicsSectors, two-digit sectors';
  if ((form.kind === 'notice') !== (when.transactions !== undefined)) return 'attachWhen.transactions on a notice, and only on a notice';
  if (when.transactions !== undefined && !among(when.transactions, NOTICE_TRANSACTIONS))
    return `attachWhen.transactions among ${NOTICE_TRANSACTIONS.join(', ')}`;
  return null;
};

/** Two editions of one form in force on the same day. */
const overlapOf = (forms: readonly PolicyForm[]): string | null => {
  const byNumber = Map.groupBy(forms, (form) => form.formNumber);
  for (const [formNumber, editions] of byNumber) {
    const ordered = [...editions].sort((a, b) => compareDates(a.effectiveFrom, b.effectiveFrom));
    for (let index = 1; index < ordered.length; index += 1) {
      const before = ordered[index - 1] as PolicyForm;
      if (before.effectiveTo === null || compareDates(before.effectiveTo, (ordered[index] as PolicyForm).effectiveFrom) >= 0) return formNumber;
    }
  }
  return null;
};

/** Checks a forms library as published (the fixture, or a program's own in the same layout): every form sourced, editions never overlapping. */
export const checkedFormsLibrary = (library: FormsLibrary, where = FILE): FormsLibrary => {
  if (typeof library?.version !== 'string' || !Array.isArray(library.forms)) throw new Error(`${where}: a version and a list of forms.`);
  for (const [index, form] of library.forms.entries()) {
    const flaw = flawOf(form);
    if (flaw) throw new Error(`${where}: form ${index} (${form.formNumber ?? '?'} ${form.edition ?? ''}) needs ${flaw}.`);
  }
  const overlapping = overlapOf(library.forms);
  if (overlapping) throw new Error(`${where}: two editions of ${overlapping} are in force on the same day.`);
  return library;
};

/** The platform's forms library (fixtures/forms), checked once at load. */
export const loadFormsLibrary = (): FormsLibrary =>
  checkedFormsLibrary(JSON.parse(readFileSync(join(import.meta.dirname, '../../', FILE), 'utf8')) as FormsLibrary);
