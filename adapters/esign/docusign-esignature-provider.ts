import docusign from 'docusign-esign';
import type { ESignatureProvider, HeldStatus } from '../../ports/esign/esign.ports.ts';
import { MAX_SIGNED_COPY_BYTES, providerFailure, rateLimitWait } from './provider-failure.ts';

/** DocuSign eSignature through the JWT grant: the integration key impersonates one user of one account. */
export interface DocuSignSettings {
  readonly integrationKey: string;
  readonly userId: string;
  readonly accountId: string;
  /** The RSA private key (PEM) whose public half is registered with the integration key. */
  readonly privateKey: string;
  /** The OAuth host: account-d.docusign.com (developer) or account.docusign.com (production). */
  readonly oAuthHost: string;
  /** The account's REST base, e.g. https://demo.docusign.net/restapi or https://na4.docusign.net/restapi. */
  readonly basePath: string;
}

/** What the JWT grant asks for: sending envelopes on behalf of the impersonated user. */
const SCOPES = ['signature', 'impersonation'];
/** The assertion's lifetime and the margin before the token's expiry at which it is renewed. */
const ASSERTION_SECONDS = 3600;
const RENEW_BEFORE_MS = 5 * 60_000;
/** DocuSign's answers to an expired or revoked access token: renewed once, then the call is repeated. */
const EXPIRED_TOKEN_CODES = new Set(['AUTHORIZATION_INVALID_TOKEN', 'USER_AUTHENTICATION_FAILED']);

interface AxiosLikeError {
  readonly response?: { readonly status: number; readonly data?: unknown; readonly headers?: Record<string, unknown> };
}

const failureOf = (error: unknown): { status: number | null; code: string | null; message: string | null; retryAfterSeconds: number | null } => {
  const response = (error as AxiosLikeError).response;
  const data = response?.data && typeof response.data === 'object' ? (response.data as Record<string, unknown>) : {};
  const code = typeof data.errorCode === 'string' ? data.errorCode : typeof data.error === 'string' ? data.error : null;
  const message = typeof data.message === 'string' ? data.message : typeof data.error_description === 'string' ? data.error_description : null;
  const status = response?.status ?? null;
  return { status, code, message, retryAfterSeconds: rateLimitWait(status, response?.headers ?? {}, Date.now()) };
};

/**
 * DocuSign eSignature through its official SDK (`docusign-esign`), authenticated with the JWT grant:
 * the integration key's RSA key signs an assertion for the impersonated user, and the access token
 * it buys is kept until five minutes before it expires (or until DocuSign says it no longer holds).
 * The stored PDF becomes document 1 of an envelope sent at once to every signer (one routing order);
 * the envelope carries this service's envelope id as a custom field.
 */
export class DocuSignESignatureProvider implements ESignatureProvider {
  readonly name = 'docusign';
  private readonly settings: DocuSignSettings;
  private readonly client: docusign.ApiClient;
  private token: { value: string; renewAt: number } | null = null;

  constructor(settings: DocuSignSettings) {
    this.settings = settings;
    this.client = new docusign.ApiClient({ basePath: settings.basePath, oAuthBasePath: settings.oAuthHost });
    // The constructor derives the OAuth host from the REST base; the configured one wins.
    this.client.setOAuthBasePath(settings.oAuthHost);
  }

  async send(input: Parameters<ESignatureProvider['send']>[0]): Promise<{ externalDocumentId: string }> {
    const envelopeDefinition = {
      emailSubject: (input.subject ?? `Please sign: ${input.filename}`).slice(0, 100),
      documents: [{ documentBase64: Buffer.from(input.bytes).toString('base64'), name: input.filename, fileExtension: 'pdf', documentId: '1' }],
      recipients: {
        signers: input.signers.map((signer, index) => ({ email: signer.email, name: signer.name, recipientId: String(index + 1), routingOrder: '1' })),
      },
      customFields: { textCustomFields: [{ name: 'serviceEnvelopeId', value: input.idempotencyKey, show: 'false', required: 'false' }] },
      status: 'sent',
    };
    const created = await this.call((api) => api.createEnvelope(this.settings.accountId, { envelopeDefinition }));
    if (typeof created?.envelopeId !== 'string') throw providerFailure(this.name, { status: 200, code: null, message: 'the answer carried no envelopeId' });
    return { externalDocumentId: created.envelopeId };
  }

  async void(externalDocumentId: string, reason: string): Promise<void> {
    const current = await this.call((api) => api.getEnvelope(this.settings.accountId, externalDocumentId, {}));
    if (current?.status === 'voided') return;
    await this.call((api) => api.update(this.settings.accountId, externalDocumentId, { envelope: { status: 'voided', voidedReason: reason.slice(0, 200) } }));
  }

  async heldStatus(externalDocumentId: string): Promise<HeldStatus> {
    const envelope = await this.call((api) => api.getEnvelope(this.settings.accountId, externalDocumentId, {}));
    const status = String(envelope?.status);
    return status === 'completed' || status === 'declined' || status === 'voided' ? status : 'open';
  }

  async signedCopy(externalDocumentId: string): Promise<Uint8Array> {
    const envelope = await this.call((api) => api.getEnvelope(this.settings.accountId, externalDocumentId, {}));
    if (envelope?.status !== 'completed') {
      throw providerFailure(this.name, { status: 200, code: 'ENVELOPE_NOT_COMPLETED', message: `the envelope is ${String(envelope?.status)}, not completed` });
    }
    const bytes = (await this.call((api) => api.getDocument(this.settings.accountId, externalDocumentId, 'combined', {}))) as unknown;
    if (!Buffer.isBuffer(bytes) || bytes.byteLength > MAX_SIGNED_COPY_BYTES) {
      throw providerFailure(this.name, { status: 200, code: null, message: 'the signed copy is not a PDF of an acceptable size' });
    }
    return new Uint8Array(bytes);
  }

  /** One API call with a valid token: renewed once when DocuSign says the token it was given no longer holds. */
  private async call<R>(work: (api: docusign.EnvelopesApi) => Promise<R>): Promise<R> {
    for (let attempt = 0; ; attempt += 1) {
      await this.ensureToken(attempt > 0);
      try {
        return await work(new docusign.EnvelopesApi(this.client));
      } catch (error) {
        const failure = failureOf(error);
        if (attempt === 0 && failure.status === 401 && failure.code !== null && EXPIRED_TOKEN_CODES.has(failure.code)) continue;
        throw providerFailure(this.name, failure);
      }
    }
  }

  private async ensureToken(renew: boolean): Promise<void> {
    if (!renew && this.token && Date.now() < this.token.renewAt) return;
    try {
      const answer = await this.client.requestJWTUserToken(
        this.settings.integrationKey,
        this.settings.userId,
        SCOPES,
        Buffer.from(this.settings.privateKey),
        ASSERTION_SECONDS,
      );
      const body = answer.body as { access_token?: unknown; expires_in?: unknown };
      if (typeof body.access_token !== 'string') throw new Error('no access_token');
      const lifetimeMs = (typeof body.expires_in === 'number' ? body.expires_in : ASSERTION_SECONDS) * 1000;
      this.token = { value: body.access_token, renewAt: Date.now() + Math.max(0, lifetimeMs - RENEW_BEFORE_MS) };
      this.client.addDefaultHeader('Authorization', `Bearer ${body.access_token}`);
    } catch (error) {
      this.token = null;
      throw providerFailure(this.name, failureOf(error));
    }
  }
}
