import type { LineOfBusiness } from '../underwriting/reference-data.ts';
import { allocate, cents, type Cents } from '../shared/money.ts';

/** Rates in basis points of gross premium. */
export interface CommissionRates {
  readonly agentRateBps: number;
  readonly mgaRateBps: number;
}

export interface CommissionSchedule {
  readonly tiers: Readonly<Record<string, CommissionRates>>;
  readonly linesOfBusiness: Readonly<Record<LineOfBusiness, string>>;
}

export interface CommissionSplit {
  readonly grossPremium: Cents;
  readonly agentCommission: Cents;
  readonly mgaCommission: Cents;
  readonly carrierNet: Cents;
}

/** Commission given back because premium was refunded; every amount is what is taken back. */
export interface CommissionReversal extends CommissionSplit {
  /** The refund's reference: one reversal per refund. */
  readonly reference: string;
  readonly at: Date;
}

/** A producer's commission on one paid invoice; the split is what was first earned. */
export interface Commission extends CommissionSplit {
  readonly id: string;
  readonly orgId: string;
  readonly invoiceId: string;
  readonly policyId: string;
  readonly producerId: string;
  readonly lineOfBusiness: LineOfBusiness;
  readonly tier: string;
  readonly rates: CommissionRates;
  readonly reversals: readonly CommissionReversal[];
  readonly createdAt: Date;
}

const BPS = 10_000;

export const ratesFor = (schedule: CommissionSchedule, line: LineOfBusiness): { tier: string; rates: CommissionRates } => {
  const tier = schedule.linesOfBusiness[line];
  const rates = schedule.tiers[tier];
  if (!rates) throw new Error(`The commission schedule has no tier '${tier}' for ${line}.`);
  return { tier, rates };
};

/** Checks a schedule once at load: every rate whole, non-negative, and together not above 100%. */
export const validateSchedule = (schedule: CommissionSchedule, lines: readonly LineOfBusiness[]): CommissionSchedule => {
  for (const [name, { agentRateBps, mgaRateBps }] of Object.entries(schedule.tiers)) {
    const valid = [agentRateBps, mgaRateBps].every((rate) => Number.isInteger(rate) && rate >= 0) && agentRateBps + mgaRateBps <= BPS;
    if (!valid) throw new Error(`Commission tier '${name}' has invalid rates.`);
  }
  for (const line of lines) ratesFor(schedule, line);
  return schedule;
};

/**
 * Gross premium into agent commission, MGA commission and carrier net. The three parts come
 * from one allocation, so they always sum to the premium to the cent.
 */
export const splitPremium = (grossPremium: Cents, rates: CommissionRates): CommissionSplit => {
  const [agentCommission, mgaCommission, carrierNet] = allocate(grossPremium, [
    rates.agentRateBps,
    rates.mgaRateBps,
    BPS - rates.agentRateBps - rates.mgaRateBps,
  ]) as [Cents, Cents, Cents];
  return { grossPremium, agentCommission, mgaCommission, carrierNet };
};

const minus = (a: CommissionSplit, b: CommissionSplit): CommissionSplit => ({
  grossPremium: cents(a.grossPremium - b.grossPremium),
  agentCommission: cents(a.agentCommission - b.agentCommission),
  mgaCommission: cents(a.mgaCommission - b.mgaCommission),
  carrierNet: cents(a.carrierNet - b.carrierNet),
});

/** What a commission comes to once its reversals are taken off. */
export const netOf = (commission: Commission): CommissionSplit =>
  commission.reversals.reduce<CommissionSplit>((net, reversal) => minus(net, reversal), commission);

/**
 * The reversal for a refund of `refunded` premium: the split of the premium kept before the
 * refund minus the split of what is kept after it. Reversals therefore add up exactly: once the
 * whole premium is refunded, nothing of the commission is left, to the cent. Null when nothing is
 * left to reverse.
 */
export const reversalFor = (commission: Commission, refunded: Cents, reference: string, at: Date): CommissionReversal | null => {
  const keptBefore = netOf(commission);
  const keptAfter = Math.max(0, keptBefore.grossPremium - refunded);
  if (keptBefore.grossPremium <= 0) return null;
  return { ...minus(keptBefore, splitPremium(cents(keptAfter), commission.rates)), reference, at };
};
