import type { InboundHeaders, ProviderVerifier, VerifiedDelivery } from '../../../ports/inbound/inbound.ports.ts';
import { DocuSignConnectVerifier, isDocuSignConnect } from './docusign-connect.verifier.ts';
import { DropboxSignVerifier, isDropboxSignCallback } from './dropbox-sign.verifier.ts';
import { ESIGN_SIGNATURE_HEADERS, ESignatureVerifier } from './esign-signature.verifier.ts';
import { header } from '../shared/signature-checks.ts';

export interface ESignReceiverKeys {
  /** The specification's generic scheme (`ESIGN_WEBHOOK_SECRET`). */
  readonly webhookSecret: string;
  /** DocuSign Connect HMAC keys (`DOCUSIGN_CONNECT_HMAC_KEYS`); none: Connect deliveries are refused. */
  readonly docuSignConnectKeys: readonly string[];
  /** The Dropbox Sign API key its callbacks are hashed with (`DROPBOX_SIGN_API_KEY`); null: refused. */
  readonly dropboxSignApiKey: string | null;
}

/**
 * One address for every e-signature provider, each delivery checked in its sender's own scheme:
 * the generic headers first, then DocuSign Connect's numbered signatures, then a Dropbox Sign
 * callback. A delivery that matches none is refused with 401 like a wrong signature.
 */
export class ESignDeliveryVerifier implements ProviderVerifier {
  private readonly generic: ESignatureVerifier;
  private readonly docuSign: DocuSignConnectVerifier;
  private readonly dropboxSign: DropboxSignVerifier;

  constructor(keys: ESignReceiverKeys) {
    this.generic = new ESignatureVerifier(keys.webhookSecret);
    this.docuSign = new DocuSignConnectVerifier(keys.docuSignConnectKeys);
    this.dropboxSign = new DropboxSignVerifier(keys.dropboxSignApiKey);
  }

  verify(raw: Uint8Array, headers: InboundHeaders): VerifiedDelivery {
    if (ESIGN_SIGNATURE_HEADERS.some((name) => header(headers, name) !== undefined)) return this.generic.verify(raw, headers);
    if (isDocuSignConnect(headers)) return this.docuSign.verify(raw, headers);
    if (isDropboxSignCallback(raw, headers)) return this.dropboxSign.verify(raw, headers);
    return this.generic.verify(raw, headers);
  }
}
