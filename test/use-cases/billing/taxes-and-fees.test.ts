import test from 'ava';
import { BILLING } from '../../../bootstrap/billing.tokens.ts';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import type { LedgerEntry } from '../../../core/billing/ledger.ts';
import { chargeTermsOf, premiumTermOf, type Policy } from '../../../core/policy/policy.ts';
import { chargeItemsOwed } from '../../../core/policy/policy-charges.ts';
import { cents } from '../../../core/shared/money.ts';
import { aRisk } from '../../support/mothers.ts';
import {
  aBoundPolicy,
  aQuotedSubmission,
  MACHINE,
  useCaseWorld,
  type UseCaseWorld,
  aRegisteredProducer,
  SurplusLinesReference,
} from '../../support/use-cases.ts';
import { rejectionOf } from '../../support/error-codes.ts';

const ORG = 'org_es';

/** GL, NAICS 541511, NY, revenue $4M, limit $1M, 2027: 4,000 x 0.80 x 1.20 = $3,840 a year. */
const RISK = aRisk({ insuredName: 'Empire Surplus Co', state: 'NY' });

const bound = (world: UseCaseWorld, producerId?: string) => aBoundPolicy(world, ORG, { risk: { ...RISK, ...(producerId ? { producerId } : {}) } });

const invoicesOf = async (world: UseCaseWorld, policyId: string) =>
  (await (await world.resolve(BILLING.InvoiceRepository)).list(ORG, { policyId }, { limit: 20 })).data.sort((a, b) =>
    a.invoiceNumber.localeCompare(b.invoiceNumber),
  );

/** Per account, credits less debits over every posting of the policy. */
const credited = async (world: UseCaseWorld, policyId: string): Promise<Record<string, number>> => {
  const entries: LedgerEntry[] = (await (await world.resolve(BILLING.LedgerRepository)).list(ORG, { policyId }, { limit: 100 })).data;
  const balance: Record<string, number> = {};
  for (const line of entries.flatMap((entry) => entry.lines)) balance[line.account] = (balance[line.account] ?? 0) + line.credit - line.debit;
  return balance;
};

test('a surplus lines policy: fee and taxes on their own lines of the first installment, outside commission, posted to their own accounts', async (t) => {
  const world = await useCaseWorld({ reference: new SurplusLinesReference() });
  t.teardown(world.close);
  const producer = await aRegisteredProducer(world, ORG, { id: 'usr_es', name: 'Sam Surplus', email: 'sam@example.com' });
  const { quote, policy } = await bound(world, producer.id);
  t.is(quote.grossPremium, cents(3840_00));
  // NY: surplus lines tax 3.6 %, stamping fee 0.15 % of premium.
  const terms = chargeTermsOf(policy);
  t.is(terms.taxState, 'NY');
  t.deepEqual(
    terms.components.map((component) => [component.code, component.payee, component.rate, component.refund]),
    [
      ['tax', 'surplusLinesTax', 3600, 'pro_rata'],
      ['stamping', 'stampingFee', 150, 'pro_rata'],
    ],
  );
  const invoices = await invoicesOf(world, policy.id);
  t.deepEqual(
    invoices.map((invoice) => invoice.lines.map((line) => [line.kind, line.amount])),
    [
      [
        ['premium', 960_00],
        ['policyFee', 250_00],
        ['surplusLinesTax', 138_24],
        ['stampingFee', 5_76],
      ],
      [['premium', 960_00]],
      [['premium', 960_00]],
      [['premium', 960_00]],
    ],
  );
  t.is(invoices[0]?.amount, cents(1354_00), 'an invoice is the sum of its lines');

  const invoicePayments = await world.resolve(BILLING.InvoicePayments);
  for (const invoice of invoices)
    await invoicePayments.pay(MACHINE, ORG, invoice.id, { amount: invoice.amount, method: 'check', reference: `chk-${invoice.id}` });
  const paid = await credited(world, policy.id);
  t.is(paid.policyFeeIncome, 250_00);
  t.is(paid.surplusLinesTaxPayable, 138_24, 'taxes are held for the state, not MGA income');
  t.is(paid.stampingFeePayable, 5_76);
  t.is(-((paid.premiumTrustCash ?? 0) + (paid.operatingCash ?? 0)), 4234_00, 'ledger cash is the cash received: premium, fee and taxes');
  t.is(-(paid.operatingCash ?? 0), 250_00 + (paid.mgaCommissionIncome ?? 0), 'the fee and the MGA commission leave trust; taxes stay in it');
  const commissions = (await (await world.resolve(BILLING.CommissionRepository)).list(ORG, { policyId: policy.id }, { limit: 50 })).data;
  t.is(
    commissions.reduce((sum, change) => sum + change.grossPremium, 0),
    3840_00,
    'commission is figured on premium alone',
  );
  t.is(
    commissions.reduce((sum, change) => sum + change.agentCommission, 0),
    Math.round((3840_00 * commissions[0]!.rates.agentRateBps) / 10_000),
  );

  // Cancelled pro rata from 2027-07-02: 183 of 365 days returned, and the fee and taxes in the same proportion.
  const lifecycle = await world.resolve(POLICY.PolicyLifecycle);
  const cancelled = await lifecycle.cancel(MACHINE, ORG, policy.id, { effectiveDate: '2027-07-02', reason: 'underwriting' });
  t.is(cancelled.cancellation?.returnPremium, cents(1925_26));
  const credit = (await invoicesOf(world, policy.id)).at(-1)!;
  t.is(credit.kind, 'credit');
  t.deepEqual(
    credit.lines.map((line) => [line.kind, line.amount]),
    [
      ['premium', -1925_26],
      ['policyFee', -125_34],
      ['surplusLinesTax', -69_31],
      ['stampingFee', -2_89],
    ],
  );
  const after = await credited(world, policy.id);
  t.is(after.policyFeeIncome, 250_00 - 125_34);
  t.is(after.surplusLinesTaxPayable, 138_24 - 69_31);
  t.is(after.stampingFeePayable, 5_76 - 2_89);
  t.is(after.owedToInsureds, 1925_26 + 125_34 + 69_31 + 2_89, 'the insured is owed the premium, fee and taxes returned');

  // Reinstated: everything returned is charged back.
  await lifecycle.reinstate(MACHINE, ORG, policy.id);
  const reinstated = await credited(world, policy.id);
  t.is(reinstated.policyFeeIncome, 250_00);
  t.is(reinstated.surplusLinesTaxPayable, 138_24);
  t.is(reinstated.owedToInsureds ?? 0, 0);
});

test('the admitted default program charges no fee and no tax: invoices carry premium alone', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const { policy } = await bound(world);
  t.deepEqual(policy.chargeTerms, { policyFee: cents(0), taxState: null, components: [] });
  const invoices = await invoicesOf(world, policy.id);
  t.true(invoices.every((invoice) => invoice.lines.length === 1 && invoice.lines[0]?.kind === 'premium' && invoice.lines[0].amount === invoice.amount));
  t.is(
    invoices.reduce((sum, invoice) => sum + invoice.amount, 0),
    policy.grossPremium,
  );
});

test('a term placed before schedules had components reads as the tax and stamping fee it charged, and bills them under the same codes', async (t) => {
  const world = await useCaseWorld({ reference: new SurplusLinesReference() });
  t.teardown(world.close);
  const { policy } = await bound(world);
  // As terms and transactions were stored before: two rates, two amounts.
  const policies = await world.resolve(POLICY.PolicyRepository);
  const stored = await policies.findById(ORG, policy.id);
  const legacy = {
    ...stored!,
    chargeTerms: { policyFee: cents(250_00), taxState: 'NY', surplusLinesTaxRate: 3600, stampingFeeRate: 150 },
    premium: stored!.premium.map((transaction) => ({
      ...transaction,
      charges: { policyFee: cents(250_00), surplusLinesTax: cents(138_24), stampingFee: cents(5_76) },
    })),
  } as unknown as Policy;
  t.deepEqual(
    chargeTermsOf(legacy).components.map((component) => [component.code, component.payee, component.rate]),
    [
      ['surplusLinesTax', 'surplusLinesTax', 3600],
      ['stampingFee', 'stampingFee', 150],
    ],
  );
  t.deepEqual(
    chargeItemsOwed(premiumTermOf(legacy), chargeTermsOf(legacy)).map((item) => [item.code, item.amount]),
    [
      ['premium', 3840_00],
      ['policyFee', 250_00],
      ['surplusLinesTax', 138_24],
      ['stampingFee', 5_76],
    ],
  );
});

/** A component's code; an invoice line's code, or its kind for premium and the policy fee (which have none). */
const codes = (items: readonly { code?: string; kind?: string }[]) => items.map((item) => item.code ?? item.kind);

test('the insured’s home state decides the charges; rating follows the risk’s state', async (t) => {
  const world = await useCaseWorld({ reference: new SurplusLinesReference() });
  t.teardown(world.close);
  const { quote, policy } = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'Sunshine Co', state: 'FL', homeState: 'NY' }) });
  const inFlorida = await aQuotedSubmission(world, ORG, aRisk({ insuredName: 'Gulf Co', state: 'FL' }));
  t.is(quote.grossPremium, inFlorida.quote.grossPremium, 'the premium is Florida’s');
  t.like(chargeTermsOf(policy), { taxState: 'NY', policyFee: 250_00 });
  t.deepEqual(codes(chargeTermsOf(policy).components), ['tax', 'stamping']);
  const [first] = await invoicesOf(world, policy.id);
  t.deepEqual(
    first?.lines.map((line) => [line.kind, line.code]),
    [
      ['premium', undefined],
      ['policyFee', undefined],
      ['surplusLinesTax', 'tax'],
      ['stampingFee', 'stamping'],
    ],
  );
  const tax = first?.lines.find((line) => line.code === 'tax');
  t.is(tax?.amount, cents(Math.round(quote.grossPremium * 0.036)));
});

test('Kentucky’s local premium tax needs the risk’s locality, then bills on its own line', async (t) => {
  const world = await useCaseWorld({ reference: new SurplusLinesReference() });
  t.teardown(world.close);
  const refused = await rejectionOf(aQuotedSubmission(world, ORG, aRisk({ insuredName: 'Bluegrass Co', state: 'KY' })));
  t.like(refused, { code: 'locality_required', details: { field: 'locality' } });
  t.true((refused?.details.localities as string[]).includes('ALBANY'));
  const { quote, policy } = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'Albany Co', state: 'KY', locality: 'ALBANY' }) });
  t.deepEqual(codes(chargeTermsOf(policy).components), ['tax', 'surcharge', 'local']);
  // Each on premium and the policy fee: 3 %, 1.8 % and Albany's 10 % on casualty.
  const base = quote.grossPremium + 250_00;
  const [first] = await invoicesOf(world, policy.id);
  t.like(
    first?.lines.find((line) => line.code === 'local'),
    { kind: 'localPremiumTax', amount: Math.round(base * 0.1) },
  );
  t.is(first?.lines.find((line) => line.code === 'surcharge')?.amount, cents(Math.round(base * 0.018)));
});

test('Oregon: a cancellation returns the taxes pro rata and keeps the flat service charge, which stays payable to the association', async (t) => {
  const world = await useCaseWorld({ reference: new SurplusLinesReference() });
  t.teardown(world.close);
  const { policy } = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'Beaver Co', state: 'OR' }), plan: 'PIF' });
  t.deepEqual(codes(chargeTermsOf(policy).components), ['tax', 'fireMarshal', 'serviceCharge']);
  const [invoice] = await invoicesOf(world, policy.id);
  await (await world.resolve(BILLING.InvoicePayments)).pay(MACHINE, ORG, invoice!.id, { amount: invoice!.amount, method: 'check', reference: 'chk-or' });
  await (await world.resolve(POLICY.PolicyLifecycle)).cancel(MACHINE, ORG, policy.id, { effectiveDate: '2027-07-02', reason: 'underwriting' });
  const credit = (await invoicesOf(world, policy.id)).find((listed) => listed.kind === 'credit');
  t.deepEqual(codes(credit?.lines ?? []), ['premium', 'policyFee', 'tax', 'fireMarshal']);
  t.is((await credited(world, policy.id)).stampingFeePayable, 10_00, 'the association’s service charge is never returned');
});
