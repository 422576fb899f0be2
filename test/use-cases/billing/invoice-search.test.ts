import test from 'ava';
import { BILLING } from '../../../bootstrap/billing.tokens.ts';
import { invoiceNumberPrefix } from '../../../core/billing/invoice-search.ts';
import { aRisk } from '../../support/mothers.ts';
import { aBoundPolicy, installmentsOf, useCaseWorld } from '../../support/use-cases.ts';

/** What `q` finds among invoices, within the organization. */
const ORG = 'org_search';
const OTHER = 'org_search_other';

test('q finds invoices by the beginning of the invoice number or of the policy number that begins it', async (t) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  const monthly = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'Monthly Co' }), plan: 'MONTHLY_12' });
  const other = await aBoundPolicy(world, ORG, { risk: aRisk({ insuredName: 'Quarterly Co' }), plan: 'QUARTERLY' });
  const foreign = await aBoundPolicy(world, OTHER, { risk: aRisk({ insuredName: 'Elsewhere Co' }), plan: 'MONTHLY_12' });
  const invoices = await world.resolve(BILLING.Invoices);
  const search = async (q: string, status?: 'paid') =>
    (await invoices.list(ORG, { numberPrefix: invoiceNumberPrefix(q), ...(status ? { status } : {}) }, { limit: 100 })).data
      .map((invoice) => invoice.id)
      .sort();
  const ids = (list: ReadonlyArray<{ id: string }>) => list.map((invoice) => invoice.id).sort();
  const monthlyInvoices = await installmentsOf(world, ORG, monthly.policy.id);
  const number = monthly.policy.policyNumber;
  t.deepEqual(await search(number), ids(monthlyInvoices), 'a policy number finds its invoices');
  t.deepEqual(await search(number.toLowerCase().replaceAll('-', ' ')), ids(monthlyInvoices), 'any separators, case ignored');
  const [first] = monthlyInvoices;
  t.deepEqual(await search(first!.invoiceNumber), [first!.id], 'an invoice number finds that invoice');
  t.deepEqual(await search(number, 'paid'), [], 'with the other filters');
  const [foreignFirst] = await installmentsOf(world, OTHER, foreign.policy.id);
  t.false((await search(number.split('-')[0] as string)).includes(foreignFirst!.id), 'never another organization’s');
  const [otherFirst] = await installmentsOf(world, ORG, other.policy.id);
  t.true((await search(number.split('-').slice(0, 2).join('-'))).includes(otherFirst!.id), 'a number’s beginning');
  t.deepEqual(await search(number.split('-')[2] as string), [], 'the number is matched from its start');
});
