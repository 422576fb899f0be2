import test from 'ava';
import { createHash } from 'node:crypto';
import { pdfText } from '../../../adapters/documents/pdf-text.ts';
import { DOCUMENTS } from '../../../bootstrap/documents.tokens.ts';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { cents } from '../../../core/shared/money.ts';
import { aRisk } from '../../support/mothers.ts';
import { aBoundPolicy, aRegisteredProducer, installmentsOf, MACHINE, SurplusLinesReference, useCaseWorld, type UseCaseWorld } from '../../support/use-cases.ts';
import type { CompleteRisk } from '../../../core/underwriting/risk.ts';
import type { DeclarationsContent } from '../../../core/documents/policy-document-content.ts';

const ORG = 'org_documents';
const contractor = {
  name: 'Lone Star General Contractors LLC',
  address: { line1: '100 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701' },
  relationship: 'general contractor',
  operations: 'ongoing' as const,
};
const bytesOf = async (world: UseCaseWorld, documentId: string) => (await (await world.resolve(DOCUMENTS.DocumentLibrary)).read(ORG, documentId)).bytes;
const dollars = (amount: number) => `$${(amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('a bind records its declarations in its own write, drawn once: premium, fees and taxes by payee adding up to the invoices to the cent, the producer, the limits and the schedule of forms', async (t) => {
  const world = await useCaseWorld({ reference: new SurplusLinesReference() });
  t.teardown(world.close);
  const documents = await world.resolve(POLICY.PolicyDocuments);
  const producer = await aRegisteredProducer(world, ORG, { id: 'usr_decl', name: 'Dana Declarations', email: 'dana@example.com' });
  const { policy } = await aBoundPolicy(world, ORG, {
    risk: {
      ...aRisk({
        insuredName: 'Roofs of Texas',
        naicsCode: '238160',
        state: 'TX',
        coverage: { additionalInsureds: [contractor] },
        mailingAddress: { line1: '200 Main St', city: 'Houston', state: 'TX', postalCode: '77002' },
      }),
      producerId: producer.id,
    } as CompleteRisk,
    plan: 'QUARTERLY',
  });
  const [pending] = await documents.list(ORG, policy.id);
  t.like(pending, { type: 'declarations', status: 'pending', sha256: null, documentId: null });
  t.deepEqual(pending?.forms, policy.forms);
  // What the declarations print is what the invoices bill, line by line and in all.
  const content = pending!.content as DeclarationsContent;
  const invoices = await installmentsOf(world, ORG, policy.id);
  const lines = invoices.flatMap((invoice) => invoice.lines);
  const billedOf = (kind: string, code?: string) =>
    lines.filter((line) => line.kind === kind && (code === undefined || line.code === code)).reduce((sum, line) => sum + line.amount, 0);
  t.is(Number(content.premium[0]?.amount), billedOf('premium'));
  t.true(content.charges.length >= 2, 'the policy fee and the surplus lines taxes');
  for (const charge of content.charges)
    t.is(
      Number(charge.amount),
      charge.payee === 'policyFee' ? billedOf('policyFee') : billedOf(charge.payee, lines.find((line) => line.name === charge.label)?.code),
      charge.label,
    );
  t.is(
    Number(content.total),
    invoices.reduce((sum, invoice) => sum + invoice.amount, 0),
  );
  t.is(content.producer, 'Dana Declarations');
  t.is(await documents.drawPending(), 1);
  t.is(await documents.drawPending(), 0, 'drawn once');
  const [issued] = await documents.list(ORG, policy.id);
  t.like(issued, { status: 'issued' });
  const bytes = await bytesOf(world, issued!.documentId!);
  t.is(createHash('sha256').update(bytes).digest('hex'), issued?.sha256 ?? '');
  const text = (await pdfText(bytes)).replace(/\s+/g, ' ');
  t.true(text.includes('DECLARATIONS'));
  t.true(text.includes(policy.policyNumber));
  t.true(text.includes(`Total ${dollars(content.total)}`), 'the total is what the invoices bill');
  for (const charge of content.charges) t.true(text.includes(dollars(charge.amount)), charge.label);
  for (const form of ['CG 00 01 04 13', 'PLT TX 01 01 25', 'CG 20 10 12 19']) t.true(text.includes(form), form);
  t.true(text.includes('Lone Star General Contractors LLC'));
  t.true(text.includes('200 Main St, Houston, TX 77002'), 'the named insured’s address');
});

test('an endorsement issues its own document and leaves the declarations as they were, byte for byte', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const documents = await world.resolve(POLICY.PolicyDocuments);
  const { policy } = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'Roofs of Oklahoma', naicsCode: '238160', state: 'OK' }) });
  await documents.drawPending();
  const [declarations] = await documents.list(ORG, policy.id);
  const before = await bytesOf(world, declarations!.documentId!);
  const endorsement = await (
    await world.resolve(POLICY.PolicyLifecycle)
  ).endorse(MACHINE, ORG, policy.id, {
    effectiveDate: '2027-04-01',
    changes: { annualRevenue: cents(800_000_000), coverage: { additionalInsureds: [contractor], waiverOfSubrogation: { blanket: true, parties: [] } } },
  });
  t.is(await documents.drawPending(), 1);
  const [first, second] = await documents.list(ORG, policy.id);
  t.deepEqual(first, declarations, 'the declarations record is untouched');
  t.deepEqual(await bytesOf(world, first!.documentId!), before);
  t.like(second, { type: 'endorsement', transactionId: endorsement.id, status: 'issued' });
  const text = (await pdfText(await bytesOf(world, second!.documentId!))).replace(/\s+/g, ' ');
  t.true(text.includes('POLICY CHANGE ENDORSEMENT'));
  t.true(text.includes('Additional premium'));
  t.true(text.includes('Added: CG 20 10 12 19'));
  t.true(text.includes('Added: CG 24 04 12 19'));
  t.true(text.includes('04/01/2027'));
});

test('a cancellation and a reinstatement each issue their own document, with the premium they return and charge back', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const documents = await world.resolve(POLICY.PolicyDocuments);
  const lifecycle = await world.resolve(POLICY.PolicyLifecycle);
  const { policy } = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'Back Again Co', naicsCode: '238160', state: 'OK' }) });
  await lifecycle.cancel(MACHINE, ORG, policy.id, { effectiveDate: '2027-03-01', reason: 'insured_request', method: 'pro_rata' });
  await lifecycle.reinstate(MACHINE, ORG, policy.id);
  t.is(await documents.drawPending(), 3);
  const [, cancellation, reinstatement] = await documents.list(ORG, policy.id);
  t.like(cancellation, { type: 'cancellation', status: 'issued' });
  t.like(reinstatement, { type: 'reinstatement', status: 'issued' });
  const returned = (cancellation!.content as { premiumChange: number }).premiumChange;
  t.true(returned < 0);
  t.is((reinstatement!.content as { premiumChange: number }).premiumChange, -returned, 'the reinstatement charges back what the cancellation returned');
  const text = (await pdfText(await bytesOf(world, cancellation!.documentId!))).replace(/\s+/g, ' ');
  t.true(text.includes('CANCELLATION ENDORSEMENT'));
  t.true(text.includes(`Return premium -${dollars(-returned)}`), text);
  t.true(text.includes('03/01/2027'));
});

test('every line of business binds with its own declarations and coverage forms', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const documents = await world.resolve(POLICY.PolicyDocuments);
  const expected = { GL: 'CG 00 01', PROPERTY: 'CP 00 10', AUTO: 'CA 00 01', CYBER: 'CY 00 02', PL: 'MI 00 01' } as const;
  for (const [line, formNumber] of Object.entries(expected) as [keyof typeof expected, string][]) {
    const { policy } = await aBoundPolicy(world, ORG, {
      risk: aRisk({ insuredName: `${line} Line Co`, lineOfBusiness: line, naicsCode: '238160', state: 'OK' }),
    });
    const [declarations] = await documents.list(ORG, policy.id);
    const content = declarations!.content as DeclarationsContent;
    t.is(content.lineOfBusiness, line);
    t.is(content.forms[0]?.formNumber, formNumber, line);
    t.deepEqual(
      content.forms.map((form) => form.formNumber),
      (policy.forms ?? []).map((form) => form.formNumber),
    );
  }
  t.is(await documents.drawPending(), 5);
});
