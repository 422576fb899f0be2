import test from 'ava';
import { CLAIMS } from '../../../bootstrap/claims.tokens.ts';
import { PLATFORM } from '../../../bootstrap/platform.tokens.ts';
import { IDENTITY } from '../../../bootstrap/identity.tokens.ts';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { REFERRALS } from '../../../bootstrap/referrals.tokens.ts';
import { UNDERWRITING } from '../../../bootstrap/underwriting.tokens.ts';
import type { Permission } from '../../../core/shared/access/permissions.ts';
import { describeActor, type Principal } from '../../../core/shared/access/principal.ts';
import type { Role } from '../../../core/shared/access/roles.ts';
import { cents } from '../../../core/shared/money.ts';
import { rejectionCodeOf, rejectionOf } from '../../support/error-codes.ts';
import { aProgramTerms, aRisk } from '../../support/mothers.ts';
import { aPolicyInForce, aStoredPerson, MACHINE, USE_CASE_START, useCaseWorld, type UseCaseWorld } from '../../support/use-cases.ts';

/**
 * Authority credentials cannot exceed: an API key acts for the person who made it and never beyond
 * that person's role now; settlement and referral decisions belong to people, never the one who
 * asked; the machine secret is nobody.
 */
const ORG = 'org_authority';

let keysMade = 0;

/** An API key `creator` made with `scopes`, stored (what it does is its creator's), as the principal it acts as while its creator holds `role`. */
const aKey = async (world: UseCaseWorld, creator: string, scopes: readonly Permission[], role: Role = 'org_admin'): Promise<Principal> => {
  keysMade += 1;
  const keyId = `key_${creator}_${keysMade}`;
  const at = new Date(USE_CASE_START);
  const keys = await world.resolve(IDENTITY.ApiKeyRepository);
  const key = keys.insertWrite({
    id: keyId,
    orgId: ORG,
    name: 'integration',
    scopes,
    keyHash: `hash-${keyId}`,
    displayPrefix: 'sk_test_',
    environment: 'local',
    expiresAt: null,
    createdAt: at,
    createdBy: `user:${creator}`,
    creator: { userId: creator, orgId: ORG, role: 'org_admin' },
    revokedAt: null,
  });
  await (await world.resolve(PLATFORM.AtomicWrite)).commit([key]);
  return { kind: 'api_key', keyId, orgId: ORG, scopes, creator: { userId: creator, role } };
};

const person = (userId: string, role: Role): Principal => ({ kind: 'user', userId, orgId: ORG, role, via: 'jwt' });

/** A policy in force since 2027-01-01, a claim on it under investigation, the clock at 2027-02-01. */
const claimWorld = async (t: { teardown(fn: () => Promise<void>): void }) => {
  const { world, policy } = await aPolicyInForce(t, ORG, 'Lobby Co');
  const claims = await world.resolve(CLAIMS.Claims);
  const investigated = async () => {
    const claim = await claims.file(MACHINE, ORG, { policyId: policy.id, lossDate: '2027-01-30', description: 'Slip and fall in the lobby' });
    await claims.investigate(MACHINE, ORG, claim.id, {});
    return claim.id;
  };
  return { world, claims, settlements: await world.resolve(CLAIMS.ClaimSettlements), investigated };
};

test('an API key offers a settlement but has no authority: it waits for a person other than its creator; the machine secret is nobody', async (t) => {
  const { world, claims, settlements, investigated } = await claimWorld(t);
  const claimId = await investigated();
  const key = await aKey(world, 'usr_admin', ['claims:read', 'claims:write', 'claims:approve']);
  const { settlement } = await settlements.offer(key, ORG, claimId, { amount: cents(9_000_00) });
  t.is(settlement.status, 'pending_approval');
  const fourEyes = { code: 'forbidden', details: { rule: 'four_eyes' } };
  const approve = (actor: Principal) => rejectionOf(settlements.approve(actor, ORG, claimId, settlement.id));
  t.like(await approve(MACHINE), fourEyes, 'the machine secret is never the second pair of eyes');
  t.like(await approve(key), fourEyes, 'the key that offered it');
  t.like(await approve(await aKey(world, 'usr_admin', ['claims:read', 'claims:approve'])), fourEyes, 'another key of the same creator');
  t.like(await approve(person('usr_admin', 'org_admin')), fourEyes, 'the creator itself');
  t.is((await claims.get(ORG, claimId)).paid, cents(0), 'nothing was paid');
  const supervisor = await aStoredPerson(world, ORG, 'claims_supervisor', 'sue');
  t.like(await settlements.approve(supervisor, ORG, claimId, settlement.id), { settlement: { status: 'approved' } });
});

test('a key approves as its creator holds now: an administrator’s key approves another person’s offer; once its creator is an adjuster, nothing', async (t) => {
  const { world, claims, settlements, investigated } = await claimWorld(t);
  const offerKey = await aKey(world, 'usr_first', ['claims:read', 'claims:write']);
  const offerOn = async (claimId: string) => (await settlements.offer(offerKey, ORG, claimId, { amount: cents(1_000_00) })).settlement;
  const first = await investigated();
  const offer = await offerOn(first);
  const adminsKey = await aKey(world, 'usr_second', ['claims:read', 'claims:approve']);
  t.like(await settlements.approve(adminsKey, ORG, first, offer.id), { settlement: { status: 'approved' } });

  const later = await investigated();
  const waiting = await offerOn(later);
  const demoted: Principal = { ...(adminsKey as Extract<Principal, { kind: 'api_key' }>), creator: { userId: 'usr_second', role: 'claims_adjuster' } };
  t.is(await rejectionCodeOf(settlements.approve(demoted, ORG, later, waiting.id)), 'forbidden', 'the creator holds no claims:approve now');
  t.is((await claims.get(ORG, later)).paid, cents(0));
});

test('above the supervisors’ authority an administrator’s key is refused with the authority named; the administrator in person approves', async (t) => {
  const { world, settlements, investigated } = await claimWorld(t);
  const claimId = await investigated();
  const { settlement } = await settlements.offer(await aKey(world, 'usr_first', ['claims:write']), ORG, claimId, {
    amount: cents(250_000_01),
  });
  const secondsKey = await aKey(world, 'usr_second', ['claims:read', 'claims:approve']);
  t.like(await rejectionOf(settlements.approve(secondsKey, ORG, claimId, settlement.id)), { code: 'forbidden', details: { supervisorAuthority: 250_000 } });
  t.like(await settlements.approve(person('usr_second', 'org_admin'), ORG, claimId, settlement.id), { settlement: { status: 'approved' } });
});

/** A narrow program ($1,000 premium authority): the default risk's quote needs a referral. */
const referralWorld = async (t: { teardown(fn: () => Promise<void>): void }) => {
  const world = await useCaseWorld();
  t.teardown(world.close);
  await (await world.resolve(UNDERWRITING.Programs)).create(MACHINE, ORG, aProgramTerms({ maxPremiumPerRisk: cents(100_000), aggregateCap: cents(2_000_000) }));
  return { world, referrals: await world.resolve(REFERRALS.Referrals) };
};

/** A submission quoted by `writer` (the quote remembers who asked for it). */
const quotedBy = async (world: UseCaseWorld, writer: Principal) => {
  const submission = await (await world.resolve(UNDERWRITING.Submissions)).create(writer, ORG, aRisk(), 'json');
  const quote = await (await world.resolve(UNDERWRITING.Quoting)).quote(ORG, submission.id, describeActor(writer));
  return { submission, quote };
};

test('whoever raised a referral, or wrote the quote it refers, cannot decide it; a colleague can', async (t) => {
  const { world, referrals } = await referralWorld(t);
  const writer = await aStoredPerson(world, ORG, 'underwriter', 'writer');
  const colleague = await aStoredPerson(world, ORG, 'underwriter', 'colleague');
  const { submission, quote } = await quotedBy(world, writer);
  t.false(quote.bindable);
  const raised = await referrals.create(writer, ORG, { entityType: 'quote', entityId: quote.id, reason: 'Over premium' });
  t.like(await rejectionOf(referrals.decide(writer, ORG, raised.id, 'approve', null)), { code: 'forbidden', details: { rule: 'four_eyes' } });
  t.is(await rejectionCodeOf((await world.resolve(POLICY.Binding)).bind(writer, ORG, submission.id, 'PIF')), 'not_bindable', 'still blocked');
  const byAdmin = await referrals.create(MACHINE, ORG, { entityType: 'quote', entityId: quote.id, reason: 'Over premium' });
  t.like(
    await rejectionOf(referrals.decide(writer, ORG, byAdmin.id, 'approve', null)),
    { details: { rule: 'four_eyes' } },
    'the quote’s writer does not decide',
  );
  t.like(await referrals.decide(colleague, ORG, byAdmin.id, 'approve', null), { status: 'approved' });
});

test('four eyes compares people: an administrator who quoted and referred through its key does not approve in person; the machine secret approves nothing', async (t) => {
  const { world, referrals } = await referralWorld(t);
  const key = await aKey(world, 'usr_admin', ['submissions:read', 'submissions:write', 'referrals:write', 'referrals:read']);
  const { quote } = await quotedBy(world, key);
  const raised = await referrals.create(key, ORG, { entityType: 'quote', entityId: quote.id, reason: 'Over premium' });
  const fourEyes = { code: 'forbidden', details: { rule: 'four_eyes' } };
  t.like(await rejectionOf(referrals.decide(person('usr_admin', 'org_admin'), ORG, raised.id, 'approve', null)), fourEyes, 'the key’s creator referred it');
  t.like(await rejectionOf(referrals.decide(MACHINE, ORG, raised.id, 'approve', null)), fourEyes, 'the machine secret is nobody');
  t.like(await referrals.decide(person('usr_second', 'org_admin'), ORG, raised.id, 'approve', null), { status: 'approved' });
});
