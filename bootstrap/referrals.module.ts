import { referralRoutes } from '../adapters/http/referrals/referrals.routes.ts';
import { ReferralStoreRepository } from '../adapters/persistence/referrals/referral.store-repository.ts';
import { Referrals } from '../ports/referrals/referrals.use-case.ts';
import { AUDIT } from './audit.tokens.ts';
import { AUTHORIZATION } from './authorization.tokens.ts';
import { CLAIMS } from './claims.tokens.ts';
import { DEAL_ROOMS } from './deal-rooms.tokens.ts';
import { IDENTITY } from './identity.tokens.ts';
import { PLATFORM } from './platform.tokens.ts';
import { POLICY } from './policy.tokens.ts';
import { REFERRALS } from './referrals.tokens.ts';
import { UNDERWRITING } from './underwriting.tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** Referrals of a submission, quote, policy or claim; an approval lifts the delegated-authority block it names. */
export const referralsModule = (): ContextModule => ({
  name: 'referrals',
  bindings: bindings((wire) => {
    wire.factory(REFERRALS.ReferralRepository, { store: PLATFORM.Store }, ({ store }) => ReferralStoreRepository.create(store));
    // The referral record is the approval: binding and quoting read it where they decide.
    // Underwriting and binding read approvals through their own port; referrals contributes its record of them.
    wire.contribute(UNDERWRITING.ReferralApprovals, { referrals: REFERRALS.ReferralRepository }, ({ referrals }) => referrals);
    wire.factory(
      REFERRALS.Referrals,
      {
        referrals: REFERRALS.ReferralRepository,
        submissions: UNDERWRITING.SubmissionRepository,
        quotes: UNDERWRITING.QuoteRepository,
        policies: POLICY.PolicyRepository,
        claims: CLAIMS.ClaimRepository,
        users: IDENTITY.UserRepository,
        persons: IDENTITY.ActorPersons,
        dealRooms: DEAL_ROOMS.DealRoomRepository,
        records: AUTHORIZATION.RecordAccess,
        audit: AUDIT.AuditTrail,
        atomic: PLATFORM.AtomicWrite,
        ids: PLATFORM.Ids,
        clock: PLATFORM.Clock,
      },
      (deps) => new Referrals(deps),
    );
  }),
  routes: async (resolve) => referralRoutes(await resolve(REFERRALS.Referrals)),
});
