import test from 'ava';
import { assertLossCovered } from '../../../core/claims/claim-coverage.ts';
import { CLAIM_LIFECYCLE, CLAIM_STATUSES, incurred, type ClaimMove } from '../../../core/claims/claim.ts';
import { assertWithinPolicyLimit, DEFAULT_SUPERVISOR_AUTHORITY, mayApprove, offerStatus } from '../../../core/claims/settlement-authority.ts';
import { assertSecondPair } from '../../../core/shared/access/four-eyes.ts';
import { personOf, type Principal } from '../../../core/shared/access/principal.ts';
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

test('an API key has no authority of its own: its offers wait, and it approves no more than the lesser of its creator and a supervisor', (t) => {
  const limit = DEFAULT_SUPERVISOR_AUTHORITY;
  const keyOf = (role: Role | null): Principal => ({
    kind: 'api_key',
    keyId: 'key_1',
    orgId: 'org_a',
    scopes: ['claims:write', 'claims:approve'],
    creator: { userId: 'usr_1', role },
  });
  for (const role of ['org_admin', 'claims_supervisor'] as const) {
    t.is(offerStatus(keyOf(role), cents(1), limit), 'pending_approval');
    t.true(mayApprove(keyOf(role), limit, limit));
    t.false(mayApprove(keyOf(role), cents(limit + 1), limit), `a key of an ${role} stops at a supervisor's authority`);
  }
  for (const role of ['claims_adjuster', 'producer', null] as const) t.false(mayApprove(keyOf(role), cents(1), limit), `a key of ${role} approves nothing`);
});

test('the machine secret is nobody: its offers wait, it approves nothing, and it is never the second pair of eyes', (t) => {
  const machine = { kind: 'machine' } as const;
  t.is(offerStatus(machine, cents(1), DEFAULT_SUPERVISOR_AUTHORITY), 'pending_approval');
  t.false(mayApprove(machine, cents(1), DEFAULT_SUPERVISOR_AUTHORITY));
  t.like(
    t.throws(() => assertSecondPair(personOf(machine), ['user:usr_1'], 'A settlement offer')),
    { code: 'forbidden', details: { rule: 'four_eyes' } },
  );
});

test('four eyes compares people: a key is its creator', (t) => {
  const key: Principal = { kind: 'api_key', keyId: 'key_1', orgId: 'org_a', scopes: [], creator: { userId: 'usr_1', role: 'org_admin' } };
  const creator: Principal = { kind: 'user', userId: 'usr_1', orgId: 'org_a', role: 'org_admin', via: 'jwt' };
  t.is(personOf(key), personOf(creator));
  t.like(
    t.throws(() => assertSecondPair(personOf(creator), [personOf(key)], 'A referral')),
    { code: 'forbidden', details: { rule: 'four_eyes' } },
  );
  t.notThrows(() => assertSecondPair('user:usr_2', [personOf(key), null], 'A referral'));
});

test('no settlement reaches beyond the policy: the offer plus what the claim already paid stays within the per-occurrence limit', (t) => {
  t.notThrows(() => assertWithinPolicyLimit(cents(2_000_000_00), cents(500_000_00), cents(1_500_000_00)));
  const beyond = t.throws(() => assertWithinPolicyLimit(cents(2_000_000_00), cents(500_000_00), cents(1_500_000_01)));
  t.like(beyond, { code: 'exceeds_policy_limit', details: { limit: 2_000_000, paid: 500_000, amount: 1_500_000.01 } });
});
