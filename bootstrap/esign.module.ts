import { LocalESignatureProvider } from '../adapters/esign/local-esignature-provider.ts';
import { esignRoutes } from '../adapters/http/esign/esign.routes.ts';
import { esignEndpoint } from '../adapters/inbound/esign/esign.endpoint.ts';
import { EnvelopeStoreRepository } from '../adapters/persistence/esign/envelope.store-repository.ts';
import type { ESignatureProvider } from '../ports/esign/esign.ports.ts';
import { ESignEventsHandler } from '../ports/esign/esign-events.handler.ts';
import { Envelopes } from '../ports/esign/envelopes.use-case.ts';
import { AUDIT } from './audit.tokens.ts';
import type { AppConfig } from './config.ts';
import { DOCUMENTS } from './documents.tokens.ts';
import { ESIGN } from './esign.tokens.ts';
import { INBOUND } from './inbound.tokens.ts';
import { PLATFORM } from './platform.tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/**
 * Every provider the configuration reaches, by name: the local one always, the real ones once
 * configured (their SDKs are loaded only then).
 */
const reachableProviders = async (config: AppConfig): Promise<ReadonlyMap<string, ESignatureProvider>> => {
  const providers: ESignatureProvider[] = [new LocalESignatureProvider()];
  const { docuSign, dropboxSign } = config.esign;
  if (docuSign) providers.push(new (await import('../adapters/esign/docusign-esignature-provider.ts')).DocuSignESignatureProvider(docuSign));
  if (dropboxSign) providers.push(new (await import('../adapters/esign/dropbox-sign-esignature-provider.ts')).DropboxSignESignatureProvider(dropboxSign));
  return new Map(providers.map((provider) => [provider.name, provider]));
};

/** Stored documents sent for signature, their envelopes, and the provider's status events. */
export const esignModule = (config: AppConfig): ContextModule => ({
  name: 'esign',
  bindings: bindings((wire) => {
    let reachable: Promise<ReadonlyMap<string, ESignatureProvider>> | undefined;
    const providers = () => (reachable ??= reachableProviders(config));
    wire.factory(ESIGN.ESignatureProvider, {}, async () => (await providers()).get(config.esign.provider) as ESignatureProvider);
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
      async (deps) => new Envelopes({ ...deps, providers: await providers() }),
    );
    wire.contribute(
      INBOUND.Endpoint,
      { envelopes: ESIGN.EnvelopeRepository, documents: DOCUMENTS.DocumentLibrary, clock: PLATFORM.Clock },
      async ({ envelopes, documents, clock }) =>
        esignEndpoint(
          {
            webhookSecret: config.secrets.esignWebhookSecret,
            docuSignConnectKeys: config.esign.docuSignConnectKeys,
            dropboxSignApiKey: config.esign.dropboxSign?.apiKey ?? null,
          },
          new ESignEventsHandler({ envelopes, providers: await providers(), documents, clock }),
        ),
    );
  }),
  routes: async (resolve) => esignRoutes(await resolve(ESIGN.Envelopes)),
});
