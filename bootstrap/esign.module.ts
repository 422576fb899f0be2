import { LocalESignatureProvider } from '../adapters/esign/local-esignature-provider.ts';
import { esignRoutes } from '../adapters/http/esign/esign.routes.ts';
import { esignEndpoint } from '../adapters/inbound/esign/esign.endpoint.ts';
import { EnvelopeStoreRepository } from '../adapters/persistence/esign/envelope.store-repository.ts';
import { ESignEventsHandler } from '../ports/esign/esign-events.handler.ts';
import { Envelopes } from '../ports/esign/envelopes.use-case.ts';
import { AUDIT } from './audit.tokens.ts';
import type { AppConfig } from './config.ts';
import { DOCUMENTS } from './documents.tokens.ts';
import { ESIGN } from './esign.tokens.ts';
import { INBOUND } from './inbound.tokens.ts';
import { PLATFORM } from './platform.tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** Stored documents sent for signature, their envelopes, and the provider's status events. */
export const esignModule = (config: AppConfig): ContextModule => ({
  name: 'esign',
  bindings: bindings((wire) => {
    wire.value(ESIGN.ESignatureProvider, new LocalESignatureProvider());
    wire.factory(ESIGN.EnvelopeRepository, { store: PLATFORM.Store }, ({ store }) => EnvelopeStoreRepository.create(store));
    wire.factory(
      ESIGN.Envelopes,
      {
        provider: ESIGN.ESignatureProvider,
        envelopes: ESIGN.EnvelopeRepository,
        documents: DOCUMENTS.DocumentLibrary,
        ids: PLATFORM.Ids,
        clock: PLATFORM.Clock,
        audit: AUDIT.AuditTrail,
      },
      (deps) => new Envelopes(deps),
    );
    wire.contribute(INBOUND.Endpoint, { envelopes: ESIGN.EnvelopeRepository, clock: PLATFORM.Clock }, ({ envelopes, clock }) =>
      esignEndpoint(
        {
          webhookSecret: config.secrets.esignWebhookSecret,
          docuSignConnectKeys: config.esign.docuSignConnectKeys,
          dropboxSignApiKey: config.esign.dropboxSign?.apiKey ?? null,
        },
        new ESignEventsHandler(envelopes, clock),
      ),
    );
  }),
  routes: async (resolve) => esignRoutes(await resolve(ESIGN.Envelopes)),
});
