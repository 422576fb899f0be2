import test from 'ava';
import { fromAcord125, leafName } from '../../core/underwriting/acord125.ts';

test('ACORD leaf names match with or without XFA qualification', (t) => {
  t.is(leafName('F[0].P1[0].NamedInsured_FullName_A[0]'), 'NamedInsured_FullName_A');
  t.is(leafName('NamedInsured_FullName_A'), 'NamedInsured_FullName_A');
});

test('ACORD 125 fields map to a submission; unreadable values are missing, not errors', (t) => {
  const { risk, contactEmail, extraction } = fromAcord125({
    'F[0].P1[0].NamedInsured_FullName_A[0]': ' Acme ',
    NamedInsured_NAICSCode_A: '99',
    NamedInsured_MailingAddress_StateOrProvinceCode_A: 'tx',
    Policy_EffectiveDate_A: '2/30/2027',
    CommercialStructure_AnnualRevenueAmount_A: '$1,250,000.50',
    CommercialStructure_AnnualRevenueAmount_C: '250000',
    NamedInsured_Contact_PrimaryEmailAddress_A: 'a@b.example',
    Policy_LineOfBusiness_CyberIndicator_A: true,
    Policy_LineOfBusiness_BusinessAutoIndicator_A: false,
  });
  t.deepEqual(risk, { insuredName: 'Acme', annualRevenue: 150_000_050, state: 'TX', lineOfBusiness: 'CYBER' });
  t.is(contactEmail, 'a@b.example');
  t.deepEqual(extraction.missing, ['naicsCode', 'requestedLimit', 'effectiveDate']);
  t.is(extraction.confidence, 0.57);
  t.true(extraction.needsReview);
  t.is(extraction.fields.annualRevenue, 1_500_000.5);
});

test('two checked lines of business are ambiguous and left missing', (t) => {
  const { risk } = fromAcord125({ Policy_LineOfBusiness_CyberIndicator_A: true, Policy_LineOfBusiness_CommercialPropertyIndicator_A: true });
  t.is(risk.lineOfBusiness, undefined);
});
