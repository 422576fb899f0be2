import test from 'ava';
import { FixtureReferenceData } from '../../../adapters/reference-data/fixture-reference-data.ts';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { REPORTS } from '../../../bootstrap/reports.tokens.ts';
import { taxTotal } from '../../../core/underwriting/charge-amounts.ts';
import type { DaProgram } from '../../../core/underwriting/delegated-authority.ts';
import { cents } from '../../../core/shared/money.ts';
import { aRisk } from '../../support/mothers.ts';
import { csvOf } from '../../support/bordereau.ts';
import { aBoundPolicy, MACHINE, useCaseWorld } from '../../support/use-cases.ts';

/**
 * Each tax and fee part of a transaction is dated, reported and filed with the premium part it
 * follows (CONTRACT 18.2): a flat cancellation that also takes back a later endorsement leaves no
 * month and no date with tax on premium it does not carry.
 */
const ORG = 'org_taxes_dated';

/** The fixtures, with the excess and surplus lines program ($250 policy fee, home-state taxes) for every new quote. */
class SurplusLinesReference extends FixtureReferenceData {
  override defaultProgram(): DaProgram {
    return this.platformProgram('excess-and-surplus') as DaProgram;
  }
}

test('AZ: bind, endorse down from June, cancel flat: every date and month carries tax only on the premium it carries', async (t) => {
  const world = await useCaseWorld({ reference: new SurplusLinesReference() });
  t.teardown(world.close);
  const { policy } = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'Desert Dated Co', state: 'AZ', effectiveDate: '2027-01-01' }), plan: 'PIF' });
  const lifecycle = await world.resolve(POLICY.PolicyLifecycle);
  await lifecycle.endorse(MACHINE, ORG, policy.id, { effectiveDate: '2027-06-14', changes: { annualRevenue: cents(2_000_000_00) } });
  const cancelled = await lifecycle.cancel(MACHINE, ORG, policy.id, { effectiveDate: '2027-01-01', reason: 'underwriting', method: 'flat' });
  t.is(cancelled.premium.length, 3);

  const premium = await world.resolve(POLICY.PolicyPremium);
  for (const asOf of ['2027-01-01', '2027-03-31', '2027-06-14', '2027-12-31']) {
    const figures = await premium.asOf(ORG, policy.id, asOf);
    t.is(figures.written, cents(0), `written as of ${asOf}`);
    t.is(figures.taxesAndFees.policyFee, cents(0), `fee as of ${asOf}`);
    t.is(taxTotal(figures.taxesAndFees.taxes), cents(0), `taxes as of ${asOf}: ${JSON.stringify(figures.taxesAndFees.taxes)}`);
  }
  // Before the endorsement's date the premium is the bind's, and so are the taxes: none of the June credit's.
  const taxes = await world.resolve(REPORTS.SurplusLinesTaxes);
  const bordereaux = await world.resolve(REPORTS.Bordereaux);
  for (const month of ['2027-01', '2027-06']) {
    const rows = await taxes.month(ORG, month);
    t.is(
      rows.reduce((sum, row) => sum + row.amount, 0),
      0,
      `the ${month} surplus lines tax report: ${JSON.stringify(rows)}`,
    );
    const csv = await csvOf(bordereaux.premium(ORG, month));
    const [header, line] = csv.trim().split('\n');
    const cells = Object.fromEntries(header!.split(',').map((name, index) => [name, line!.split(',')[index]]));
    t.is(Number(cells['Written Premium']), 0, `${month} written`);
    t.is(Number(cells.Taxes), 0, `${month} taxes on ${cells['Written Premium']} written`);
  }
});
