import test from 'ava';
import { checkedFormsLibrary, loadFormsLibrary } from '../../../adapters/reference-data/forms-library.ts';
import { formsInForce, noticeFor, scheduleChanges, scheduleOfForms, type FormsLibrary, type ScheduleContext } from '../../../core/policy/forms.ts';
import type { AdditionalInsured } from '../../../core/underwriting/coverage-options.ts';

const library = loadFormsLibrary();
const contractor: AdditionalInsured = {
  name: 'Lone Star General Contractors LLC',
  address: { line1: '100 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701' },
  relationship: 'general contractor',
  operations: 'ongoing',
};
const gl = (overrides: Partial<ScheduleContext> = {}): ScheduleContext => ({
  line: 'GL',
  state: 'TX',
  naicsCode: '238220',
  termStart: '2027-01-01',
  ...overrides,
});
const numbers = (context: ScheduleContext) => scheduleOfForms(library, context).map((form) => `${form.formNumber} ${form.edition}`);

test('a Texas GL risk with one additional insured: exactly the coverage form, the Texas amendatory endorsement and the additional insured form; in Oklahoma, no Texas form', (t) => {
  t.deepEqual(numbers(gl({ coverage: { additionalInsureds: [contractor] } })), ['CG 00 01 2013-04', 'PLT TX 01 2025-01', 'CG 20 10 2019-12']);
  t.deepEqual(numbers(gl({ state: 'OK', coverage: { additionalInsureds: [contractor] } })), ['CG 00 01 2013-04', 'CG 20 10 2019-12']);
});

test('forms follow the coverage options: claims-made, completed operations, a waiver, primary and non-contributory, and the exclusion triage calls for', (t) => {
  t.deepEqual(numbers(gl({ state: 'OK', coverage: { trigger: 'claims_made', retroactiveDate: '2024-01-01' } })), ['CG 00 02 2013-04']);
  const everything = numbers(
    gl({
      state: 'OK',
      naicsCode: '541330',
      coverage: {
        additionalInsureds: [{ ...contractor, operations: 'both' }],
        waiverOfSubrogation: { blanket: true, parties: [] },
        primaryNonContributory: true,
      },
    }),
  );
  t.deepEqual(everything, ['CG 00 01 2013-04', 'CG 20 01 2013-04', 'CG 20 10 2019-12', 'CG 20 37 2019-12', 'CG 21 16 2013-04', 'CG 24 04 2019-12']);
  t.false(
    numbers(gl({ state: 'OK', coverage: { waiverOfSubrogation: { blanket: false, parties: [] } } })).some((form) => form.startsWith('CG 24 04')),
    'a waiver naming no one waives nothing',
  );
});

test('a term keeps the editions in force when it began', (t) => {
  t.deepEqual(numbers(gl({ state: 'OK', termStart: '2019-06-01', coverage: { additionalInsureds: [contractor] } })), ['CG 00 01 2013-04', 'CG 20 10 2013-04']);
  t.deepEqual(numbers(gl({ state: 'OK', termStart: '2019-12-01', coverage: { additionalInsureds: [contractor] } })), ['CG 00 01 2013-04', 'CG 20 10 2019-12']);
});

test('every line has its coverage forms', (t) => {
  t.deepEqual(numbers(gl({ line: 'PROPERTY', state: 'OK' })), ['CP 00 10 2012-10', 'CP 10 30 2012-10']);
  t.deepEqual(numbers(gl({ line: 'PROPERTY' })), ['CP 00 10 2012-10', 'CP 10 30 2012-10', 'PLT TX 01 2025-01']);
  t.deepEqual(numbers(gl({ line: 'AUTO', state: 'OK', termStart: '2020-06-01' })), ['CA 00 01 2013-10']);
  t.deepEqual(numbers(gl({ line: 'AUTO', state: 'OK' })), ['CA 00 01 2020-11']);
  t.deepEqual(numbers(gl({ line: 'CYBER', termStart: '2021-06-01' })), ['CY 00 01 2018-01']);
  t.deepEqual(numbers(gl({ line: 'CYBER' })), ['CY 00 02 2021-11']);
  t.deepEqual(numbers(gl({ line: 'PL' })), ['MI 00 01 2017-06']);
});

test('notices are issued by transaction, never scheduled; the library in force lists by line, state and date', (t) => {
  t.is(noticeFor(library, 'cancellation', 'GL', 'TX', '2027-03-01')?.formNumber, 'PLT N 01');
  t.is(noticeFor(library, 'nonrenewal', 'CYBER', 'OK', '2027-03-01')?.formNumber, 'PLT N 04');
  t.is(noticeFor(library, 'cancellation', 'GL', 'TX', '2020-01-01'), null, 'before the notice existed');
  const oklahoma = formsInForce(library, { line: 'GL', state: 'OK', asOf: '2027-01-01' }).map((form) => form.formNumber);
  t.false(oklahoma.includes('PLT TX 01'));
  t.true(oklahoma.includes('PLT N 01'));
  t.deepEqual(
    formsInForce(library, { asOf: '2018-06-01' })
      .filter((form) => form.formNumber === 'CG 24 04')
      .map((form) => form.edition),
    ['2009-05'],
  );
});

test('what a change of the schedule adds and removes', (t) => {
  const before = scheduleOfForms(library, gl());
  const after = scheduleOfForms(library, gl({ coverage: { additionalInsureds: [contractor] } }));
  t.deepEqual(scheduleChanges(before, after), { added: [{ formNumber: 'CG 20 10', edition: '2019-12' }], removed: [] });
});

test('a library is refused unless every form has a source and one edition in force at a time', (t) => {
  const [first] = library.forms;
  const broken = (forms: FormsLibrary['forms']) => () => checkedFormsLibrary({ version: 'test', forms }, 'test library');
  t.throws(broken([{ ...first!, source: ' ' }]), { message: /needs a source/ });
  t.throws(broken([{ ...first!, edition: '13-04' }]), { message: /edition YYYY-MM/ });
  t.throws(broken([first!, { ...first!, edition: '2019-12', effectiveFrom: '2019-12-01' }]), { message: /two editions of CG 00 01/ });
  t.throws(broken([{ ...first!, attachWhen: { transactions: ['cancellation'] } }]), { message: /transactions on a notice/ });
  t.throws(broken([{ ...first!, attachWhen: { options: ['umbrella'] } } as never]), { message: /attachWhen.options/ });
});
