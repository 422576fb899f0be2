import test from 'ava';
import { assertLossCovered } from '../../../core/claims/claim-coverage.ts';
import { CLAIM_LIFECYCLE, CLAIM_STATUSES, incurred, type ClaimMove } from '../../../core/claims/claim.ts';
import { assertWithinPolicyLimit, DEFAULT_SUPERVISOR_AUTHORITY, mayApprove, offerStatus } from '../../../core/claims/settlement-authority.ts';
import type { Principal } from '../../../core/shared/access/principal.ts';
import type { Role } from '../../../core/shared/access/roles.ts';
import { isDomainError } from '../../../core/shared/domain-error.ts';
import { assertTransition } from '../../../core/shared/lifecycle.ts';
import { cents } from '../../../core/shared/money.ts';

const allowed: Record<ClaimMove, readonly string[]> = {
  investigate: ['open'],
  reserve_open: ['open'],
  reserve_investigating: ['investigating'],
  offer_settlement: ['investigating'],
  settle: ['investigating'],
  deny: ['open', 'investigating'],
  close: ['settled', 'denied'],
};

test('the claim lifecycle: open → investigating → settled | denied → closed, open → denied; every other move is invalid_transition', (t) => {
  for (const [move, from] of Object.entries(allowed) as [ClaimMove, readonly string[]][]) {
    for (const status of CLAIM_STATUSES) {
      if (from.includes(status)) t.notThrows(() => assertTransition(CLAIM_LIFECYCLE, move, status), `${move} from ${status}`);
      else {
        const error = t.throws(() => assertTransition(CLAIM_LIFECYCLE, move, status), undefined, `${move} from ${status}`);
        t.true(isDomainError(error) && error.code === 'invalid_transition');
      }
    }
  }
});

test('a loss is covered from the effective date up to the expiration or the cancellation date', (t) => {
  const term = { effectiveDate: '2027-01-01', expirationDate: '2028-01-01', cancellation: null };
  t.notThrows(() => assertLossCovered(term, '2027-01-01'));
  t.notThrows(() => assertLossCovered(term, '2027-12-31'));
  for (const date of ['2026-12-31', '2028-01-01']) {
    const error = t.throws(() => assertLossCovered(term, date));
    t.true(isDomainError(error) && error.code === 'loss_outside_coverage', date);
  }
  const cancelled = { ...term, cancellation: { effectiveDate: '2027-06-01' } };
  t.notThrows(() => assertLossCovered(cancelled, '2027-05-31'));
  t.throws(() => assertLossCovered(cancelled, '2027-06-01'), { message: /covered period 2027-01-01 to 2027-06-01/ });
});

test('settlement authority: administrators approve any amount, supervisors up to their authority, adjusters none', (t) => {
  const limit = DEFAULT_SUPERVISOR_AUTHORITY;
  const person = (role: Role): Principal => ({ kind: 'user', userId: `usr_${role}`, orgId: 'org_a', role, via: 'jwt' });
  t.true(mayApprove(person('claims_supervisor'), limit, limit));
  t.false(mayApprove(person('claims_supervisor'), cents(limit + 1), limit));
  t.true(mayApprove(person('org_admin'), cents(limit * 10), limit));
  t.false(mayApprove(person('claims_adjuster'), cents(1), limit));
  t.is(offerStatus(person('claims_adjuster'), cents(100), limit), 'pending_approval');
  t.is(offerStatus(person('claims_supervisor'), cents(100), limit), 'approved');
  t.is(offerStatus(person('claims_supervisor'), cents(limit + 1), limit), 'pending_approval');
  t.is(incurred({ paid: cents(1000), reserves: { indemnity: cents(250), expense: cents(50) } }), cents(1300));
});

test('an API key or the machine secret has no authority of its own: its offers wait, and it approves no more than a supervisor', (t) => {
  const limit = DEFAULT_SUPERVISOR_AUTHORITY;
  const key: Principal = { kind: 'api_key', keyId: 'key_1', orgId: 'org_a', scopes: ['claims:write', 'claims:approve'] };
  for (const delegate of [key, { kind: 'machine' } as const]) {
    t.is(offerStatus(delegate, cents(1), limit), 'pending_approval');
    t.true(mayApprove(delegate, limit, limit));
    t.false(mayApprove(delegate, cents(limit + 1), limit));
  }
});

test('no settlement reaches beyond the policy: the offer plus what the claim already paid stays within the per-occurrence limit', (t) => {
  t.notThrows(() => assertWithinPolicyLimit(cents(2_000_000_00), cents(500_000_00), cents(1_500_000_00)));
  const beyond = t.throws(() => assertWithinPolicyLimit(cents(2_000_000_00), cents(500_000_00), cents(1_500_000_01)));
  t.like(beyond, { code: 'exceeds_policy_limit', details: { limit: 2_000_000, paid: 500_000, amount: 1_500_000.01 } });
});
