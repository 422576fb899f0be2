import { LocalESignatureProvider } from '../adapters/esign/local-esignature-provider.ts';
import { esignRoutes } from '../adapters/http/esign/esign.routes.ts';
import { EnvelopeStoreRepository } from '../adapters/persistence/esign/envelope.store-repository.ts';
import { Envelopes } from '../ports/esign/envelopes.use-case.ts';
import { TOKENS } from './tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** Stored documents sent for signature, and their envelopes. */
export const esignModule = (): ContextModule => ({
  name: 'esign',
  bindings: bindings((wire) => {
    wire.value(TOKENS.ESignatureProvider, new LocalESignatureProvider());
    wire.factory(TOKENS.EnvelopeRepository, [TOKENS.Store], EnvelopeStoreRepository.create);
    wire.factory(
      TOKENS.Envelopes,
      [TOKENS.ESignatureProvider, TOKENS.EnvelopeRepository, TOKENS.DocumentLibrary, TOKENS.Ids, TOKENS.Clock, TOKENS.AuditTrail],
      (provider, envelopes, documents, ids, clock, audit) => new Envelopes({ provider, envelopes, documents, ids, clock, audit }),
    );
  }),
  routes: async (resolve) => esignRoutes(await resolve(TOKENS.Envelopes)),
});
