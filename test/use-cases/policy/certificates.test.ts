import test from 'ava';
import { pdfText } from '../../../adapters/documents/pdf-text.ts';
import { DOCUMENTS } from '../../../bootstrap/documents.tokens.ts';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { cents } from '../../../core/shared/money.ts';
import { aRisk } from '../../support/mothers.ts';
import { aBoundPolicy, MACHINE, useCaseWorld, type UseCaseWorld } from '../../support/use-cases.ts';

const ORG = 'org_certs';

const bound = async (world: UseCaseWorld, risk = aRisk()) => (await aBoundPolicy(world, ORG, { risk, plan: 'PIF' })).policy;

const textOf = async (world: UseCaseWorld, documentId: string) => pdfText((await (await world.resolve(DOCUMENTS.DocumentLibrary)).read(ORG, documentId)).bytes);

test('a certificate states the policy as it stands, numbered per organization; a cancelled policy has none', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const certificates = await world.resolve(POLICY.Certificates);
  const policy = await bound(world, aRisk({ insuredName: 'Blue Pipe Plumbing LLC', state: 'CA', requestedLimit: cents(2_000_000_00) }));
  const request = {
    policyId: policy.id,
    certificateHolder: { name: 'City of Oakland', address: { line1: '1 Frank H. Ogawa Plaza', city: 'Oakland', state: 'CA', postalCode: '94612' } },
  };
  const first = await certificates.generate(MACHINE, ORG, { ...request, additionalInsured: 'City of Oakland', description: 'Plumbing at 1 Main St.' });
  t.like(first.document, { type: 'coi', certificateNumber: 'COI-2026-000001', contentType: 'application/pdf', policyId: policy.id });
  const text = await textOf(world, first.document.id);
  for (const expected of [
    'CERTIFICATE OF LIABILITY INSURANCE',
    'Blue Pipe Plumbing LLC',
    policy.policyNumber,
    'Commercial General Liability',
    '01/01/2027',
    '01/01/2028',
    '$2,000,000.00',
    'Harborline Casualty Company',
    '10562',
    'City of Oakland',
    'Oakland, CA 94612',
    'ADDITIONAL INSURED: City of Oakland',
    'Plumbing at 1 Main St.',
    'COI-2026-000001',
    '12/15/2026',
  ]) {
    t.true(text.includes(expected), expected);
  }
  const numbers = await Promise.all([1, 2, 3, 4].map(() => certificates.generate(MACHINE, ORG, request)));
  t.deepEqual(new Set(numbers.map(({ document }) => document.certificateNumber)).size, 4, 'concurrent certificates never share a number');
  await (await world.resolve(POLICY.PolicyLifecycle)).cancel(MACHINE, ORG, policy.id, { effectiveDate: '2027-03-01', reason: 'insured_request' });
  await t.throwsAsync(certificates.generate(MACHINE, ORG, request), { message: /is cancelled/ });
});

test('an MCS-90 exists for a motor carrier policy only, and is drawn once per version of the policy', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const certificates = await world.resolve(POLICY.Certificates);
  const truck = await bound(world, aRisk({ insuredName: 'Lone Star Haulers Inc', state: 'TX', lineOfBusiness: 'AUTO', naicsCode: '484121' }));
  const endorsement = await certificates.mcs90(ORG, truck.id);
  t.like(endorsement.document, { type: 'mcs90', filename: `MCS-90-${truck.policyNumber}.pdf`, policyId: truck.id });
  const text = await textOf(world, endorsement.document.id);
  for (const expected of ['MOTOR CARRIER ACT OF 1980', 'Lone Star Haulers Inc', truck.policyNumber, 'TX', '$1,000,000.00', 'Harborline Casualty Company'])
    t.true(text.includes(expected), expected);
  t.is((await certificates.mcs90(ORG, truck.id)).document.id, endorsement.document.id);
  const office = await bound(world);
  await t.throwsAsync(certificates.mcs90(ORG, office.id), { message: /motor carrier \(AUTO\) policies only/ });
});
