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

/** How long one call to Dropbox Sign may take. */
const CALL_TIMEOUT_MS = 30_000;

/** A signature request as the API answers it (`signature_request`), the fields read here. */
interface SignatureRequest {
  readonly signature_request_id?: string;
  readonly is_complete?: boolean;
  readonly is_declined?: boolean;
  readonly expires_at?: number | null;
}

/**
 * Dropbox Sign through its REST API v3 (https://developers.hellosign.com/api/reference/), with the
 * account's API key as HTTP basic authentication. The stored PDF is sent as the request's file to
 * every signer, as the multipart form the API documents (bracketed fields for nested values); the
 * request carries this service's envelope id as metadata. Test mode (free, not legally binding) is
 * on outside production. Node's own fetch and FormData make the calls: the official SDK bundles a
 * form encoder that calls a removed Node API (DEP0044) on every send.
 */
export class DropboxSignESignatureProvider implements ESignatureProvider {
  readonly name = 'dropbox-sign';
  private readonly settings: DropboxSignSettings;

  constructor(settings: DropboxSignSettings) {
    this.settings = settings;
  }

  async send(input: Parameters<ESignatureProvider['send']>[0]): Promise<{ externalDocumentId: string }> {
    const form = new FormData();
    form.append('title', (input.subject ?? input.filename).slice(0, 255));
    form.append('subject', (input.subject ?? `Please sign: ${input.filename}`).slice(0, 255));
    input.signers.forEach((signer, index) => {
      form.append(`signers[${index}][name]`, signer.name);
      form.append(`signers[${index}][email_address]`, signer.email);
    });
    form.append('files[0]', new Blob([input.bytes], { type: input.contentType }), input.filename);
    form.append('metadata[serviceEnvelopeId]', input.idempotencyKey);
    form.append('test_mode', this.settings.testMode ? '1' : '0');
    const answer = (await this.json('POST', '/signature_request/send', form)) as { signature_request?: SignatureRequest };
    const id = answer.signature_request?.signature_request_id;
    if (typeof id !== 'string') throw providerFailure(this.name, { status: 200, code: null, message: 'the answer carried no signature_request_id' });
    return { externalDocumentId: id };
  }

  async void(externalDocumentId: string): Promise<void> {
    try {
      await (await this.call('POST', `/signature_request/cancel/${encodeURIComponent(externalDocumentId)}`)).arrayBuffer();
    } catch (error) {
      // A request already cancelled answers 410 `deleted`: it is withdrawn, which is what was asked.
      if (isDomainError(error) && error.details?.providerStatus === 410) return;
      throw error;
    }
  }

  async heldStatus(externalDocumentId: string): Promise<HeldStatus> {
    let request: SignatureRequest | undefined;
    try {
      request = await this.signatureRequest(externalDocumentId);
    } catch (error) {
      // A cancelled request is gone: Dropbox Sign answers 410 `deleted`.
      if (isDomainError(error) && error.details?.providerStatus === 410) return 'voided';
      throw error;
    }
    if (request?.is_complete) return 'completed';
    if (request?.is_declined) return 'declined';
    if (typeof request?.expires_at === 'number' && request.expires_at * 1000 < Date.now()) return 'expired';
    return 'open';
  }

  async signedCopy(externalDocumentId: string): Promise<Uint8Array> {
    if (!(await this.signatureRequest(externalDocumentId))?.is_complete) {
      throw providerFailure(this.name, { status: 200, code: 'not_complete', message: 'the signature request is not complete' });
    }
    const file = await this.call('GET', `/signature_request/files/${encodeURIComponent(externalDocumentId)}?file_type=pdf`);
    const size = Number(file.headers.get('content-length') ?? 0);
    if (size > MAX_SIGNED_COPY_BYTES) throw this.notAPdf();
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (bytes.byteLength === 0 || bytes.byteLength > MAX_SIGNED_COPY_BYTES) throw this.notAPdf();
    return bytes;
  }

  private async signatureRequest(externalDocumentId: string): Promise<SignatureRequest | undefined> {
    const answer = (await this.json('GET', `/signature_request/${encodeURIComponent(externalDocumentId)}`)) as { signature_request?: SignatureRequest };
    return answer.signature_request;
  }

  private notAPdf() {
    return providerFailure(this.name, { status: 200, code: null, message: 'the signed copy is not a PDF of an acceptable size' });
  }

  private async json(method: string, path: string, body?: FormData): Promise<unknown> {
    const response = await this.call(method, path, body);
    return response.status === 200 ? await response.json().catch(() => ({})) : {};
  }

  /** One call; a refusal or an outage becomes 502 `esign_provider_error` naming Dropbox Sign's status and error. */
  private async call(method: string, path: string, body?: FormData): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${this.settings.basePath}${path}`, {
        method,
        headers: { authorization: `Basic ${Buffer.from(`${this.settings.apiKey}:`).toString('base64')}` },
        ...(body ? { body } : {}),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch {
      throw providerFailure(this.name, { status: null, code: null, message: null });
    }
    if (response.ok) return response;
    const refusal = (await response.json().catch(() => ({}))) as { error?: { error_name?: string; error_msg?: string } };
    throw providerFailure(this.name, {
      status: response.status,
      code: refusal.error?.error_name ?? null,
      message: refusal.error?.error_msg ?? null,
      retryAfterSeconds: rateLimitWait(response.status, Object.fromEntries(response.headers), Date.now()),
    });
  }
}
