import test from 'ava';
import type { FormField } from '../../../core/documents/form-fields.ts';
import { fromAcord125, leafName } from '../../../core/underwriting/acord125.ts';

/** Fields as a reader returns them; no page unless given. */
const fields = (values: Record<string, string | boolean>, page: number | null = null): FormField[] =>
  Object.entries(values).map(([name, value]) => ({ name, value, page }));

test('ACORD leaf names match with or without XFA qualification', (t) => {
  t.is(leafName('F[0].P1[0].NamedInsured_FullName_A[0]'), 'NamedInsured_FullName_A');
  t.is(leafName('NamedInsured_FullName_A'), 'NamedInsured_FullName_A');
  t.is(leafName('F[0].P1[0].Odd[name]'), 'Odd[name]');
});

test('ACORD 125 fields map to a submission by the real names; unreadable values are missing, not errors', (t) => {
  const { risk, contactEmail, extraction } = fromAcord125(
    fields({
      'F[0].P1[0].NamedInsured_FullName_A[0]': ' Acme ',
      NamedInsured_NAICSCode_A: '99',
      NamedInsured_MailingAddress_StateOrProvinceCode_A: 'tx',
      Policy_EffectiveDate_A: '2/30/2027',
      CommercialStructure_AnnualRevenueAmount_A: '$1,250,000.50',
      CommercialStructure_AnnualRevenueAmount_C: '250000',
      NamedInsured_Contact_PrimaryEmailAddress_A: 'a@b.example',
      Policy_LineOfBusiness_CyberAndPrivacy_A: true,
      Policy_LineOfBusiness_BusinessAutoIndicator_A: false,
    }),
  );
  t.deepEqual(risk, { insuredName: 'Acme', annualRevenue: 150_000_050, state: 'TX', homeState: 'TX', lineOfBusiness: 'CYBER' });
  t.is(contactEmail, 'a@b.example');
  t.deepEqual(extraction.missing, ['naicsCode', 'requestedLimit', 'effectiveDate']);
  t.is(extraction.confidence, 0.57);
  t.true(extraction.needsReview);
  t.is(extraction.fields.annualRevenue, 1_500_000.5);
  t.deepEqual(
    extraction.sources.annualRevenue?.map((source) => source.field),
    ['CommercialStructure_AnnualRevenueAmount_A', 'CommercialStructure_AnnualRevenueAmount_C'],
  );
});

test('each line box of the 2016/03 blank, and a text box holding a mark', (t) => {
  const lineOf = (values: Record<string, string | boolean>) => fromAcord125(fields(values)).risk.lineOfBusiness;
  t.is(lineOf({ Policy_LineOfBusiness_CommercialGeneralLiability_A: true }), 'GL');
  t.is(lineOf({ Policy_LineOfBusiness_CommercialProperty_A: 'X' }), 'PROPERTY');
  t.is(lineOf({ Policy_LineOfBusiness_BusinessAutoIndicator_A: 'Yes' }), 'AUTO');
  t.is(lineOf({ Policy_LineOfBusiness_CyberAndPrivacy_A: '1' }), 'CYBER');
  t.is(lineOf({ Policy_LineOfBusiness_CommercialGeneralLiability_A: 'Off' }), undefined);
  // Names that are not on the real blank are not read.
  t.is(lineOf({ Policy_LineOfBusiness_CommercialGeneralLiabilityIndicator_A: true, Policy_LineOfBusiness_CyberIndicator_A: true }), undefined);
});

test('OTHER rows are read through their descriptions; several lines leave the line missing and are listed', (t) => {
  for (const description of ['Professional Liability', 'Errors and Omissions', 'E&O', 'e & o - architects', 'Misc. E and O'])
    t.is(fromAcord125(fields({ Policy_LineOfBusiness_OtherLineOfBusinessDescription_C: description })).risk.lineOfBusiness, 'PL', description);
  const several = fromAcord125(
    fields({
      Policy_LineOfBusiness_CommercialGeneralLiability_A: true,
      Policy_LineOfBusiness_OtherIndicator_A: true,
      Policy_LineOfBusiness_OtherLineOfBusinessDescription_A: 'Liquor liability',
      Policy_LineOfBusiness_OtherLineOfBusinessDescription_B: 'Professional liability',
    }),
  );
  t.is(several.risk.lineOfBusiness, undefined);
  t.deepEqual(several.extraction.lines, ['GL', 'PL']);
  t.deepEqual(several.extraction.otherLines, ['Liquor liability']);
  t.is(several.extraction.sources.lineOfBusiness, undefined);
  t.is(fromAcord125(fields({ Policy_LineOfBusiness_OtherLineOfBusinessDescription_A: 'Professionally cleaned' })).risk.lineOfBusiness, undefined);
});

test('a packet: each page belongs to its form, values come from their own form, other forms are set aside', (t) => {
  const form: FormField[] = [
    ...fields({ 'F[0].P1[0].NamedInsured_FullName_A[0]': 'Applicant LLC', 'F[0].P1[0].Policy_LineOfBusiness_CommercialGeneralLiability_A[0]': true }, 1),
    ...fields({ 'F[0].P2[0].CommercialStructure_PhysicalAddress_StateOrProvinceCode_A[0]': 'OH' }, 2),
    ...fields({ 'F[0].P3[0].Producer_CustomerIdentifier_A[0]': 'X1' }, 3),
    ...fields({ 'F[1].P1[0].NamedInsured_FullName_A[0]': 'Not the applicant', 'F[1].P1[0].GeneralLiability_EachOccurrence_LimitAmount_A[0]': '1,000,000' }, 4),
    ...fields({ 'F[1].P2[0].Producer_CustomerIdentifier_A[0]': 'X1' }, 5),
    // A form after the 126 with none of the fields read: a new root, so not the 126's next page.
    ...fields({ 'F[2].P1[0].NamedInsured_FullName_A[0]': 'Nor this', 'F[2].P1[0].Construction_Code_A[0]': 'Frame' }, 6),
    ...fields({ 'F[2].P2[0].Producer_CustomerIdentifier_A[0]': 'X1' }, 7),
  ];
  const { risk, extraction } = fromAcord125(form);
  t.is(risk.insuredName, 'Applicant LLC');
  t.is(risk.state, 'OH');
  t.is(Number(risk.requestedLimit), 100_000_000);
  t.deepEqual(extraction.forms, [
    { form: 'ACORD 125', pages: [1, 2, 3] },
    { form: 'ACORD 126', pages: [4, 5] },
    { form: 'other', pages: [6, 7] },
  ]);
  t.deepEqual(extraction.sources.requestedLimit, [{ field: 'F[1].P1[0].GeneralLiability_EachOccurrence_LimitAmount_A[0]', form: 'ACORD 126', page: 4 }]);
});

test('a certificate is not an application: its liability limits are not read as a 126', (t) => {
  const { risk, extraction } = fromAcord125(
    fields(
      { CertificateOfInsurance_CertificateNumberIdentifier_A: '7', GeneralLiability_EachOccurrence_LimitAmount_A: '$1,000,000', NamedInsured_FullName_A: 'X' },
      1,
    ),
  );
  t.deepEqual(risk, {});
  t.deepEqual(extraction.forms, [{ form: 'ACORD 25', pages: [1] }]);
});

test('the mailing state is the home state, a territory included; the first premises state is the risk state', (t) => {
  const { risk, extraction } = fromAcord125(
    fields({
      NamedInsured_MailingAddress_StateOrProvinceCode_A: 'PR',
      CommercialStructure_PhysicalAddress_StateOrProvinceCode_A: 'fl',
    }),
  );
  t.like(risk, { homeState: 'PR', state: 'FL' });
  t.is(extraction.fields.homeState, 'PR');
  // A territory alone is a home state, not a risk state: the risk's state stays missing.
  const alone = fromAcord125(
    fields({ NamedInsured_FullName_A: 'Island Co', NamedInsured_MailingAddress_StateOrProvinceCode_A: 'GU', Policy_LineOfBusiness_CyberAndPrivacy_A: true }),
  );
  t.like(alone.risk, { homeState: 'GU' });
  t.is(alone.risk.state, undefined);
});
