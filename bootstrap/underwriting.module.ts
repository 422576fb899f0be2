import { programRoutes } from '../adapters/http/underwriting/programs.routes.ts';
import { submissionRoutes } from '../adapters/http/underwriting/submissions.routes.ts';
import { TaxScheduleLookup } from '../ports/underwriting/tax-schedules.use-case.ts';
import { taxScheduleRoutes } from '../adapters/http/underwriting/tax-schedules.routes.ts';
import { ProgramStoreRepository } from '../adapters/persistence/underwriting/program.store-repository.ts';
import { QuoteStoreRepository } from '../adapters/persistence/underwriting/quote.store-repository.ts';
import { SubmissionStoreRepository } from '../adapters/persistence/underwriting/submission.store-repository.ts';
import { StoreWrittenPremiumCounter } from '../adapters/persistence/underwriting/written-premium-counter.store.ts';
import { FixtureReferenceData } from '../adapters/reference-data/fixture-reference-data.ts';
import { Programs } from '../ports/underwriting/programs.use-case.ts';
import { Quoting } from '../ports/underwriting/quoting.use-case.ts';
import { Submissions } from '../ports/underwriting/submissions.use-case.ts';
import { AUDIT } from './audit.tokens.ts';
import { AUTHORIZATION } from './authorization.tokens.ts';
import { DOCUMENTS } from './documents.tokens.ts';
import { PLATFORM } from './platform.tokens.ts';
import { PRODUCERS } from './producers.tokens.ts';
import { UNDERWRITING } from './underwriting.tokens.ts';
import { allOf, bindings, type ContextModule } from './wiring.ts';
import { anyApproval } from '../ports/underwriting/referral-approvals.port.ts';

/** Programs and their rates, submissions (typed or read from an ACORD application), triage and quotes, within delegated authority. */
export const underwritingModule = (): ContextModule => ({
  name: 'underwriting',
  bindings: bindings((wire) => {
    wire.factory(UNDERWRITING.ReferenceData, {}, () => new FixtureReferenceData());
    wire.factory(UNDERWRITING.ProgramRepository, { store: PLATFORM.Store }, ({ store }) => ProgramStoreRepository.create(store));
    wire.factory(UNDERWRITING.SubmissionRepository, { store: PLATFORM.Store }, ({ store }) => SubmissionStoreRepository.create(store));
    wire.factory(UNDERWRITING.QuoteRepository, { store: PLATFORM.Store }, ({ store }) => QuoteStoreRepository.create(store));
    wire.factory(UNDERWRITING.WrittenPremiumCounter, { store: PLATFORM.Store }, ({ store }) => new StoreWrittenPremiumCounter(store));
    wire.factory(
      UNDERWRITING.Programs,
      {
        reference: UNDERWRITING.ReferenceData,
        programs: UNDERWRITING.ProgramRepository,
        audit: AUDIT.AuditTrail,
        atomic: PLATFORM.AtomicWrite,
        ids: PLATFORM.Ids,
        clock: PLATFORM.Clock,
      },
      (deps) => new Programs(deps),
    );
    wire.factory(
      UNDERWRITING.Submissions,
      {
        submissions: UNDERWRITING.SubmissionRepository,
        forms: DOCUMENTS.PdfWorkers,
        documents: DOCUMENTS.DocumentLibrary,
        reference: UNDERWRITING.ReferenceData,
        producers: PRODUCERS.ProducerRepository,
        relationships: AUTHORIZATION.RecordRelationships,
        ids: PLATFORM.Ids,
        clock: PLATFORM.Clock,
      },
      (deps) => new Submissions(deps),
    );
    wire.factory(UNDERWRITING.Approvals, { contributed: allOf(UNDERWRITING.ReferralApprovals) }, ({ contributed }) => anyApproval(contributed));
    wire.factory(
      UNDERWRITING.Quoting,
      {
        submissions: UNDERWRITING.SubmissionRepository,
        quotes: UNDERWRITING.QuoteRepository,
        writtenPremium: UNDERWRITING.WrittenPremiumCounter,
        reference: UNDERWRITING.ReferenceData,
        programs: UNDERWRITING.Programs,
        approvals: UNDERWRITING.Approvals,
        ids: PLATFORM.Ids,
        clock: PLATFORM.Clock,
        atomic: PLATFORM.AtomicWrite,
      },
      (deps) => new Quoting(deps),
    );
    wire.factory(UNDERWRITING.TaxScheduleLookup, { reference: UNDERWRITING.ReferenceData, clock: PLATFORM.Clock }, (deps) => new TaxScheduleLookup(deps));
  }),
  routes: async (resolve) => [
    ...submissionRoutes(await resolve(UNDERWRITING.Submissions), await resolve(UNDERWRITING.Quoting), await resolve(AUTHORIZATION.RecordAccess)),
    ...programRoutes(await resolve(UNDERWRITING.Programs)),
    ...taxScheduleRoutes(await resolve(UNDERWRITING.TaxScheduleLookup)),
  ],
});
