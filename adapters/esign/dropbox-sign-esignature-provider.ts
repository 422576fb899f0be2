import * as DropboxSign from '@dropbox/sign';
import { isDomainError } from '../../core/shared/domain-error.ts';
import type { ESignatureProvider, HeldStatus } from '../../ports/esign/esign.ports.ts';
import { MAX_SIGNED_COPY_BYTES, providerFailure, rateLimitWait } from './provider-failure.ts';

export interface DropboxSignSettings {
  readonly apiKey: string;
  /** The API base, https://api.hellosign.com/v3 unless a double on loopback stands in. */
  readonly basePath: string;
  /** Requests in test mode are not legally binding and free; on outside production. */
  readonly testMode: boolean;
}

const failureOf = (error: unknown): { status: number | null; code: string | null; message: string | null; retryAfterSeconds: number | null } => {
  if (error instanceof DropboxSign.HttpError) {
    const status = error.statusCode ?? error.response?.status ?? null;
    return {
      status,
      code: error.body?.error?.errorName ?? null,
      message: error.body?.error?.errorMsg ?? null,
      retryAfterSeconds: rateLimitWait(status, (error.response?.headers ?? {}) as Record<string, unknown>, Date.now()),
    };
  }
  const response = (error as { response?: { status?: number } }).response;
  return { status: response?.status ?? null, code: null, message: null, retryAfterSeconds: null };
};

/**
 * Dropbox Sign through its official SDK (`@dropbox/sign`), authenticated with the account's API key.
 * The stored PDF is sent as the request's file to every signer; the request carries this service's
 * envelope id as metadata. Test mode (free, not legally binding) is on outside production.
 */
export class DropboxSignESignatureProvider implements ESignatureProvider {
  readonly name = 'dropbox-sign';
  private readonly settings: DropboxSignSettings;

  constructor(settings: DropboxSignSettings) {
    this.settings = settings;
  }

  async send(input: Parameters<ESignatureProvider['send']>[0]): Promise<{ externalDocumentId: string }> {
    const request: DropboxSign.SignatureRequestSendRequest = {
      title: (input.subject ?? input.filename).slice(0, 255),
      subject: (input.subject ?? `Please sign: ${input.filename}`).slice(0, 255),
      signers: input.signers.map((signer) => ({ name: signer.name, emailAddress: signer.email })),
      files: [{ value: Buffer.from(input.bytes), options: { filename: input.filename, contentType: input.contentType } }],
      metadata: { serviceEnvelopeId: input.idempotencyKey },
      testMode: this.settings.testMode,
    };
    const answer = await this.call((api) => api.signatureRequestSend(request));
    const id = answer.body.signatureRequest?.signatureRequestId;
    if (typeof id !== 'string') throw providerFailure(this.name, { status: 200, code: null, message: 'the answer carried no signature_request_id' });
    return { externalDocumentId: id };
  }

  async void(externalDocumentId: string): Promise<void> {
    try {
      await this.call((api) => api.signatureRequestCancel(externalDocumentId));
    } catch (error) {
      // A request already cancelled answers 410 `deleted`: it is withdrawn, which is what was asked.
      if (isDomainError(error) && error.details?.providerStatus === 410) return;
      throw error;
    }
  }

  async heldStatus(externalDocumentId: string): Promise<HeldStatus> {
    let request: DropboxSign.SignatureRequestResponse | undefined;
    try {
      request = (await this.call((api) => api.signatureRequestGet(externalDocumentId))).body.signatureRequest;
    } catch (error) {
      // A cancelled request is gone: Dropbox Sign answers 410 `deleted`.
      if (isDomainError(error) && error.details?.providerStatus === 410) return 'voided';
      throw error;
    }
    if (request?.isComplete) return 'completed';
    if (request?.isDeclined) return 'declined';
    if (typeof request?.expiresAt === 'number' && request.expiresAt * 1000 < Date.now()) return 'expired';
    return 'open';
  }

  async signedCopy(externalDocumentId: string): Promise<Uint8Array> {
    const current = await this.call((api) => api.signatureRequestGet(externalDocumentId));
    if (!current.body.signatureRequest?.isComplete) {
      throw providerFailure(this.name, { status: 200, code: 'not_complete', message: 'the signature request is not complete' });
    }
    const file = await this.call((api) => api.signatureRequestFiles(externalDocumentId, 'pdf'));
    if (!Buffer.isBuffer(file.body) || file.body.byteLength > MAX_SIGNED_COPY_BYTES) {
      throw providerFailure(this.name, { status: 200, code: null, message: 'the signed copy is not a PDF of an acceptable size' });
    }
    return new Uint8Array(file.body);
  }

  private async call<R>(work: (api: DropboxSign.SignatureRequestApi) => Promise<R>): Promise<R> {
    const api = new DropboxSign.SignatureRequestApi(this.settings.basePath);
    api.username = this.settings.apiKey;
    try {
      return await work(api);
    } catch (error) {
      throw providerFailure(this.name, failureOf(error));
    }
  }
}
