import test from 'ava';
import fc from 'fast-check';
import { splitPremium } from '../../../core/billing/commission.ts';
import { LEDGER_ACCOUNTS, type LedgerAccount, type LedgerLine } from '../../../core/billing/ledger.ts';
import { owedToInsured, positionChange, positionOf, samePosition } from '../../../core/billing/premium-account.ts';
import { EMPTY_POSITION, NO_CHARGES, type PolicyCharges, type PremiumPosition } from '../../../core/billing/premium-position.ts';
import { cents } from '../../../core/shared/money.ts';

const rates = { agentRateBps: 1250, mgaRateBps: 750 };
const owing = (premium: number, extra: Partial<Record<keyof PolicyCharges, number>> = {}): PolicyCharges => ({
  ...NO_CHARGES,
  premium: cents(premium),
  ...(Object.fromEntries(Object.entries(extra).map(([kind, amount]) => [kind, cents(amount)])) as Partial<PolicyCharges>),
});

const balances = (lines: readonly LedgerLine[]): Record<LedgerAccount, number> => {
  const result = Object.fromEntries(Object.keys(LEDGER_ACCOUNTS).map((account) => [account, 0])) as Record<LedgerAccount, number>;
  for (const line of lines) result[line.account] += line.debit - line.credit;
  return result;
};

test('cash pays what is owed, in proportion across the charges; anything beyond is owed back to the insured', (t) => {
  const position = positionOf(cents(120_000), owing(100_000, { surplusLinesTax: 3_600, policyFee: 15_000 }));
  t.deepEqual(position.applied, { ...NO_CHARGES, premium: cents(100_000), policyFee: cents(15_000), surplusLinesTax: cents(3_600) });
  t.is(owedToInsured(position) as number, 1_400);
  const partial = positionOf(cents(59_300), owing(100_000, { surplusLinesTax: 3_600, policyFee: 15_000 }));
  t.deepEqual(partial.applied, { ...NO_CHARGES, premium: cents(50_000), policyFee: cents(7_500), surplusLinesTax: cents(1_800) });
  t.is(owedToInsured(partial) as number, 0);
  t.true(samePosition(positionOf(cents(0), owing(0)), EMPTY_POSITION));
  t.false(samePosition(positionOf(cents(0), owing(5)), EMPTY_POSITION), 'what is owed is a receivable');
});

test('what the insured owes is a receivable against premium awaiting collection; collecting or writing off takes it out', (t) => {
  const owed = owing(100_000, { policyFee: 15_000 });
  const billed = positionOf(cents(0), owed);
  t.is(billed.receivable as number, 115_000);
  const billing = balances(positionChange(EMPTY_POSITION, billed, rates).lines);
  t.like(billing, { premiumReceivable: 115_000, premiumAwaitingCollection: -115_000, premiumTrustCash: 0 });
  const half = positionOf(cents(57_500), owed);
  t.is(half.receivable as number, 57_500);
  t.like(balances(positionChange(billed, half, rates).lines), { premiumReceivable: -57_500, premiumAwaitingCollection: 57_500 });
  const writtenOff = positionOf(cents(57_500), owed, cents(57_500));
  t.is(writtenOff.receivable as number, 0);
  const writeOff = balances(positionChange(half, writtenOff, rates).lines);
  t.like(writeOff, { premiumReceivable: -57_500, premiumAwaitingCollection: 57_500, premiumTrustCash: 0, carrierPayable: 0 });
  t.is(positionOf(cents(120_000), owed).receivable as number, 0, 'nothing is receivable once paid, even beyond');
});

test('a paid policy cancelled mid-term: commission is clawed back and the return premium is owed to the insured', (t) => {
  const paid = positionOf(cents(277_400), owing(277_400));
  const cancelled = positionOf(cents(277_400), owing(23_560));
  const change = positionChange(paid, cancelled, rates);
  t.deepEqual({ ...change.commission }, { ...splitPremium(cents(-253_840), rates) });
  const balance = balances(change.lines);
  t.is(balance.owedToInsureds, -253_840, 'the return premium is a liability to the insured');
  t.is(balance.premiumTrustCash + balance.operatingCash, 0, 'no cash moves until the credit is paid out');
  t.is(balance.producerCommissionPayable, 31_730, 'the producer gives back 12.5 % of the return');
  const refunded = positionChange(cancelled, positionOf(cents(23_560), owing(23_560)), rates);
  t.is(balances(refunded.lines).owedToInsureds, 253_840);
  t.is(refunded.commission.grossPremium as number, 0, 'paying the credit out moves no commission');
});

test('pay, refund, pay again: the books follow the cash and commission follows the premium paid', (t) => {
  const steps = [277_400, 177_400, 277_400].map((cash) => positionOf(cents(cash), owing(277_400)));
  const postings = [EMPTY_POSITION, ...steps]
    .slice(1)
    .map((to, index) => positionChange(index === 0 ? EMPTY_POSITION : (steps[index - 1] as PremiumPosition), to, rates));
  const all = balances(postings.flatMap((posting) => posting.lines));
  t.is(all.premiumTrustCash + all.operatingCash, 277_400);
  t.is(-all.producerCommissionPayable, splitPremium(cents(277_400), rates).agentCommission);
});

test('money received beyond the invoices and refunded takes back no commission', (t) => {
  const paid = positionOf(cents(277_400), owing(277_400));
  const over = positionOf(cents(287_400), owing(277_400));
  const back = positionChange(over, paid, rates);
  t.is(back.commission.grossPremium as number, 0);
  t.is(balances(back.lines).owedToInsureds, 10_000);
});

const charges = fc.record({
  premium: fc.integer({ min: 0, max: 5_000_000 }),
  policyFee: fc.integer({ min: 0, max: 50_000 }),
  surplusLinesTax: fc.integer({ min: 0, max: 250_000 }),
  stampingFee: fc.integer({ min: 0, max: 10_000 }),
  fireMarshalTax: fc.integer({ min: 0, max: 50_000 }),
  stateFundFee: fc.integer({ min: 0, max: 150_000 }),
  localPremiumTax: fc.integer({ min: 0, max: 500_000 }),
});

test('a position posted before the newer payees existed reads them as none', (t) => {
  const stored = {
    cashHeld: cents(103_600),
    applied: { premium: cents(100_000), policyFee: cents(0), surplusLinesTax: cents(3_600), stampingFee: cents(0) },
  } as unknown as PremiumPosition;
  t.is(owedToInsured(stored) as number, 0);
  const next = positionOf(cents(103_600), owing(100_000, { surplusLinesTax: 3_600 }));
  t.true(samePosition(stored, { ...next, receivable: undefined } as PremiumPosition));
  t.deepEqual(positionChange(stored, next, rates).lines, []);
});

test('over thousands of generated histories the postings balance, cash in the ledger equals cash held, and commission is the split of the premium paid', (t) => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.integer({ min: 0, max: 6_000_000 }), charges), { minLength: 1, maxLength: 12 }),
      fc.record({ agentRateBps: fc.integer({ min: 0, max: 3000 }), mgaRateBps: fc.integer({ min: 0, max: 3000 }) }),
      (history, drawn) => {
        let from = EMPTY_POSITION;
        const lines: LedgerLine[] = [];
        let agent = 0;
        for (const [cash, owed] of history) {
          const to = positionOf(cents(cash), owed as unknown as PolicyCharges);
          const change = positionChange(from, to, drawn);
          lines.push(...change.lines);
          agent += change.commission.agentCommission;
          from = to;
        }
        const balance = balances(lines);
        const held = balance.premiumTrustCash + balance.operatingCash;
        const owedToOthers = -(
          balance.carrierPayable +
          balance.producerCommissionPayable +
          balance.surplusLinesTaxPayable +
          balance.stampingFeePayable +
          balance.fireMarshalTaxPayable +
          balance.stateFundFeePayable +
          balance.localPremiumTaxPayable +
          balance.owedToInsureds
        );
        return (
          held === from.cashHeld &&
          agent === splitPremium(from.applied.premium, drawn).agentCommission &&
          balance.premiumTrustCash === owedToOthers &&
          -balance.policyFeeIncome === from.applied.policyFee
        );
      },
    ),
    { numRuns: 2_000, seed: 20261123 },
  );
  t.pass();
});
