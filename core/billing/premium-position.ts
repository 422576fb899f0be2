import { cents, type Cents } from '../shared/money.ts';
import { TAX_KINDS } from '../underwriting/tax-schedule.ts';

export const CHARGE_KINDS = ['premium', 'policyFee', ...TAX_KINDS] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];

/**
 * What a policy owes in all, by kind: premium carries commission; the policy fee is the MGA's
 * income; taxes and state fees are held for their payees (tax-schedule.ts), each its own. Each is
 * net of every premium transaction (a cancellation returns its share).
 */
export type PolicyCharges = Readonly<Record<ChargeKind, Cents>>;

export const NO_CHARGES: PolicyCharges = Object.fromEntries(CHARGE_KINDS.map((kind) => [kind, cents(0)])) as Record<ChargeKind, Cents>;

/**
 * What a position applied to a kind. Positions posted before a kind existed lack it (none).
 */
export const appliedTo = (position: PremiumPosition, kind: ChargeKind): Cents => position.applied[kind] ?? cents(0);

/**
 * Where a policy's money stands: the cash held for it and what that cash pays for. Cash goes to
 * the charges in proportion to what is owed, up to what is owed; the rest is owed back to the
 * insured (a credit after a cancellation, or money received beyond the invoices).
 */
export interface PremiumPosition {
  readonly cashHeld: Cents;
  readonly applied: PolicyCharges;
  /**
   * What the insured still owes: the charges beyond the cash applied to them, less what was
   * written off. Absent on positions posted before receivables were kept (read as none).
   */
  readonly receivable?: Cents;
}

export const EMPTY_POSITION: PremiumPosition = { cashHeld: cents(0), applied: NO_CHARGES, receivable: cents(0) };
