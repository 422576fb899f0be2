import type { CalendarDate } from '../shared/calendar-date.ts';
import type { LineOfBusiness } from '../shared/reference-data.ts';
import { allocate, type Cents } from '../shared/money.ts';
import type { CommissionRates, CommissionSchedule } from '../underwriting/commission-and-short-rate.ts';

export interface CommissionSplit {
  readonly grossPremium: Cents;
  readonly agentCommission: Cents;
  readonly mgaCommission: Cents;
  readonly carrierNet: Cents;
}

/** A policy's rates with the tier they came from, fixed by its first ledger posting. */
export interface PinnedRates extends CommissionRates {
  readonly tier: string;
}

/**
 * A change of a producer's commission on a policy: earned (positive) as its premium is paid,
 * given back (negative) when premium is refunded or returned by a cancellation. One per ledger
 * posting of the policy that moves its premium, under the posting's source key; the sum over a
 * policy is the split of the premium paid and kept, to the cent.
 */
export interface Commission extends CommissionSplit {
  readonly id: string;
  readonly orgId: string;
  readonly policyId: string;
  readonly producerId: string;
  /** The invoice whose payment or refund caused it; null for a cancellation or reinstatement. */
  readonly invoiceId: string | null;
  readonly sourceKey: string;
  readonly description: string;
  readonly lineOfBusiness: LineOfBusiness;
  readonly tier: string;
  readonly rates: CommissionRates;
  readonly createdAt: Date;
  /** As its ledger posting: the date it was recorded and the accounting month it is booked in (absent on older records). */
  readonly bookedOn?: CalendarDate;
  readonly accountingMonth?: string;
}

const BPS = 10_000;

export const ratesFor = (schedule: CommissionSchedule, line: LineOfBusiness): { tier: string; rates: CommissionRates } => {
  const tier = schedule.linesOfBusiness[line];
  const rates = schedule.tiers[tier];
  if (!rates) throw new Error(`The commission schedule has no tier '${tier}' for ${line}.`);
  return { tier, rates };
};

/** The rates a policy's postings use: without a producer, no agent commission (the carrier keeps that share). */
export const policyRates = (schedule: CommissionSchedule, line: LineOfBusiness, hasProducer: boolean): PinnedRates => {
  const { tier, rates } = ratesFor(schedule, line);
  return { tier, mgaRateBps: rates.mgaRateBps, agentRateBps: hasProducer ? rates.agentRateBps : 0 };
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
