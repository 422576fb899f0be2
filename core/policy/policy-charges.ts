import { NO_CHARGES, type PolicyCharges } from '../billing/premium-position.ts';
import { premiumTermOf, type Policy } from './policy.ts';
import { netWritten } from './premium.ts';

/** What a policy owes in all, net of every premium transaction. */
export const chargesOwed = (policy: Policy): PolicyCharges => ({ ...NO_CHARGES, premium: netWritten(premiumTermOf(policy)) });
