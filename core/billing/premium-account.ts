import type { CommissionRates } from '../underwriting/commission-and-short-rate.ts';
import { splitPremium, type CommissionSplit } from './commission.ts';
import { assertBalanced, signedLine, type FiduciarySplit, type LedgerAccount, type LedgerLine } from './ledger.ts';
import { appliedTo, CHARGE_KINDS, NO_CHARGES, type ChargeKind, type PolicyCharges, type PremiumPosition } from './premium-position.ts';
import { TAX_KINDS, type TaxKind } from '../underwriting/tax-schedule.ts';
import { allocate, cents, type Cents } from '../shared/money.ts';

/** Each payee's payable (tax-schedule.ts). */
export const PAYABLE_OF: Readonly<Record<TaxKind, LedgerAccount>> = {
  surplusLinesTax: 'surplusLinesTaxPayable',
  stampingFee: 'stampingFeePayable',
  fireMarshalTax: 'fireMarshalTaxPayable',
  stateFundFee: 'stateFundFeePayable',
  localPremiumTax: 'localPremiumTaxPayable',
};

/** Positions posted before a kind existed lack it: none. */
const totalOf = (charges: PolicyCharges): number => CHARGE_KINDS.reduce((sum, kind) => sum + Math.max(0, charges[kind] ?? 0), 0);

/** Where the policy's money stands: `writtenOff` is the part of the charges given up as uncollectible (invoice write-offs). */
export const positionOf = (cashHeld: Cents, owed: PolicyCharges, writtenOff: Cents = cents(0)): PremiumPosition => {
  const covered = Math.min(Math.max(0, cashHeld), totalOf(owed));
  const receivable = cents(Math.max(0, totalOf(owed) - covered - writtenOff));
  if (covered === 0) return { cashHeld, applied: NO_CHARGES, receivable };
  const parts = allocate(
    cents(covered),
    CHARGE_KINDS.map((kind) => Math.max(0, owed[kind])),
  );
  const applied = Object.fromEntries(CHARGE_KINDS.map((kind, index) => [kind, parts[index]])) as unknown as PolicyCharges;
  return { cashHeld, applied, receivable };
};

export const owedToInsured = (position: PremiumPosition): Cents => cents(position.cashHeld - totalOf(position.applied));

const receivableOf = (position: PremiumPosition): number => position.receivable ?? 0;

export const samePosition = (a: PremiumPosition, b: PremiumPosition): boolean =>
  a.cashHeld === b.cashHeld && receivableOf(a) === receivableOf(b) && CHARGE_KINDS.every((kind) => appliedTo(a, kind) === appliedTo(b, kind));

const minus = (a: CommissionSplit, b: CommissionSplit): CommissionSplit => ({
  grossPremium: cents(a.grossPremium - b.grossPremium),
  agentCommission: cents(a.agentCommission - b.agentCommission),
  mgaCommission: cents(a.mgaCommission - b.mgaCommission),
  carrierNet: cents(a.carrierNet - b.carrierNet),
});

interface PositionChange {
  readonly lines: LedgerLine[];
  readonly fiduciarySplit: FiduciarySplit;
  /** Commission earned (positive) or given back (negative) by the change. */
  readonly commission: CommissionSplit;
}

/**
 * The posting that moves a policy's books from one position to another. Commission is the split
 * of the premium paid at each position, and a change is their difference: however a policy's
 * money moves (payments, refunds, a cancellation, a reinstatement), the postings add up to the
 * split of where it stands, to the cent. The MGA's commission and the policy fee are moved out
 * of trust into operating cash (and back when given back). What the insured owes is a receivable,
 * held against premium awaiting collection: premium is recognized (payable to the carrier,
 * commission earned) as it is collected, so billing, collecting and writing off move the pair.
 */
export const positionChange = (from: PremiumPosition, to: PremiumPosition, rates: CommissionRates): PositionChange => {
  const commission = minus(splitPremium(to.applied.premium, rates), splitPremium(from.applied.premium, rates));
  const change = (kind: ChargeKind) => appliedTo(to, kind) - appliedTo(from, kind);
  const heldForPayees = TAX_KINDS.reduce((sum, kind) => sum + change(kind), 0);
  const owedBack = owedToInsured(to) - owedToInsured(from);
  const earnedByMga = commission.mgaCommission + change('policyFee');
  const billed = receivableOf(to) - receivableOf(from);
  const lines = [
    signedLine('premiumReceivable', billed),
    signedLine('premiumAwaitingCollection', -billed),
    signedLine('premiumTrustCash', to.cashHeld - from.cashHeld),
    signedLine('carrierPayable', -commission.carrierNet),
    signedLine('producerCommissionPayable', -commission.agentCommission),
    signedLine('mgaCommissionIncome', -commission.mgaCommission),
    signedLine('policyFeeIncome', -change('policyFee')),
    ...TAX_KINDS.map((kind) => signedLine(PAYABLE_OF[kind], -change(kind))),
    signedLine('owedToInsureds', -owedBack),
    signedLine('operatingCash', earnedByMga),
    signedLine('premiumTrustCash', -earnedByMga),
  ].filter((entry) => entry.debit > 0 || entry.credit > 0);
  assertBalanced(lines);
  return {
    lines,
    commission,
    fiduciarySplit: {
      heldForCarrier: commission.carrierNet,
      heldForProducer: commission.agentCommission,
      heldForState: cents(heldForPayees),
      heldForInsured: cents(owedBack),
      earnedByMga: cents(earnedByMga),
    },
  };
};

/** The commission split a ledger posting moved: the split of the premium it applied, less the split before. */
export const postedCommission = (entry: {
  readonly position: { readonly from: PremiumPosition; readonly to: PremiumPosition };
  readonly rates: CommissionRates;
}): CommissionSplit => minus(splitPremium(entry.position.to.applied.premium, entry.rates), splitPremium(entry.position.from.applied.premium, entry.rates));
