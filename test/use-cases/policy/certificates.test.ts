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
  const oakland = { name: 'City of Oakland', address: { line1: '1 Frank H. Ogawa Plaza', city: 'Oakland', state: 'CA', postalCode: '94612' } };
  const policy = await bound(
    world,
    aRisk({
      insuredName: 'Blue Pipe Plumbing LLC',
      state: 'CA',
      requestedLimit: cents(2_000_000_00),
      coverage: { additionalInsureds: [{ ...oakland, relationship: 'permit issuer', operations: 'ongoing' }] },
    }),
  );
  const request = { policyId: policy.id, certificateHolder: oakland };
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

test('a certificate a holder accepts: the six GL limits, occurrence or claims-made, ADDL INSD and SUBR WVD only while their endorsements are attached, and never additional insured for a holder not scheduled', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const certificates = await world.resolve(POLICY.Certificates);
  const contractor = { name: 'Bay Builders Inc', address: { line1: '500 Harbor Way', city: 'Oakland', state: 'CA', postalCode: '94607' } };
  const limits = {
    eachOccurrence: cents(1_000_000_00),
    damageToRentedPremises: cents(100_000_00),
    medicalExpense: cents(5_000_00),
    personalAdvertisingInjury: cents(1_000_000_00),
    generalAggregate: cents(2_000_000_00),
    productsCompletedOperationsAggregate: cents(2_000_000_00),
  };
  const policy = await bound(
    world,
    aRisk({
      insuredName: 'Harbor Electric LLC',
      naicsCode: '238210',
      state: 'CA',
      mailingAddress: { line1: '77 Dock St', city: 'Oakland', state: 'CA', postalCode: '94607' },
      coverage: {
        limits,
        additionalInsureds: [{ ...contractor, relationship: 'general contractor', operations: 'both' }],
        waiverOfSubrogation: { blanket: false, parties: ['Bay Builders Inc'] },
      },
    }),
  );
  const certify = (holder: typeof contractor, additionalInsured?: boolean) =>
    certificates.generate(MACHINE, ORG, { policyId: policy.id, certificateHolder: holder, ...(additionalInsured ? { additionalInsured } : {}) });
  const text = (await textOf(world, (await certify(contractor, true)).document.id)).replace(/\s+/g, ' ');
  for (const expected of [
    'EACH OCCURRENCE $1,000,000.00',
    'DAMAGE TO RENTED PREMISES (Ea occurrence) $100,000.00',
    'MED EXP (Any one person) $5,000.00',
    'GENERAL AGGREGATE $2,000,000.00',
    'PRODUCTS - COMP/OP AGG $2,000,000.00',
    '[X] OCCUR',
    'ADDITIONAL INSURED: Bay Builders Inc',
  ])
    t.true(text.includes(expected), expected);
  t.regex(text, / Y Y /, 'ADDL INSD and SUBR WVD marked');
  const stranger = { ...contractor, name: 'Somebody Else LLC' };
  await t.throwsAsync(certify(stranger, true), { message: /not scheduled as an additional insured/ });
  t.regex((await textOf(world, (await certify(stranger)).document.id)).replace(/\s+/g, ' '), / N N /, 'a holder not scheduled is marked neither');
  // The endorsement takes the additional insured off: the certificate no longer says it.
  await (await world.resolve(POLICY.PolicyLifecycle)).endorse(MACHINE, ORG, policy.id, { effectiveDate: '2027-03-01', changes: { coverage: { limits } } });
  await t.throwsAsync(certify(contractor, true), { message: /not scheduled/ });
  t.regex((await textOf(world, (await certify(contractor)).document.id)).replace(/\s+/g, ' '), / N N /);
  // Every certificate is listed with the policy's documents, by its holder and what it marks.
  const listed = (await (await world.resolve(POLICY.PolicyDocuments)).list(ORG, policy.id)).filter((document) => document.type === 'coi');
  t.deepEqual(
    listed.map(
      (document) => document.content.kind === 'coi' && [document.content.holder, document.content.additionalInsured, document.content.subrogationWaived],
    ),
    [
      ['Bay Builders Inc', true, true],
      ['Somebody Else LLC', false, false],
      ['Bay Builders Inc', false, false],
    ],
  );
  t.true(listed.every((document) => document.status === 'issued' && document.sha256 !== null));
});
