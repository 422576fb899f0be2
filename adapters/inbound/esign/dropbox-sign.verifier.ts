import { createHmac } from 'node:crypto';
import { validationFailed } from '../../../core/shared/domain-error.ts';
import type { InboundHeaders, ProviderVerifier, VerifiedDelivery } from '../../../ports/inbound/inbound.ports.ts';
import { formField } from '../shared/form-field.ts';
import { header, HEX_SHA256, invalidSignature, jsonObject, sameBytes, UNIX_SECONDS } from '../shared/signature-checks.ts';

/** The exact answer Dropbox Sign waits for; any other body makes it retry the callback. */
export const DROPBOX_SIGN_ACKNOWLEDGEMENT = 'Hello API Event Received';

/** The callback's JSON: the `json` field of a form body, or the body itself. */
const callbackJson = (raw: Uint8Array, headers: InboundHeaders): Uint8Array => {
  const field = formField(raw, header(headers, 'content-type') ?? '', 'json');
  return field === null ? raw : Buffer.from(field, 'utf8');
};

/** Whether a delivery is a Dropbox Sign callback: a form body, or JSON whose `event` carries `event_hash`. */
export const isDropboxSignCallback = (raw: Uint8Array, headers: InboundHeaders): boolean => {
  const media = (header(headers, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (media === 'multipart/form-data' || media === 'application/x-www-form-urlencoded') return true;
  return Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).includes('"event_hash"');
};

/**
 * Dropbox Sign callbacks: `event.event_hash` is the hex HMAC-SHA256 of `event_time + event_type`
 * under the account's API key (`DROPBOX_SIGN_API_KEY`). The hash covers only those two values, so
 * the delivery is marked `bodyUnsigned`: the status it reports is confirmed with the provider's API
 * before anything moves. No event id is sent: a callback is known by its signature request, event
 * type and time.
 */
export class DropboxSignVerifier implements ProviderVerifier {
  private readonly apiKey: string | null;

  constructor(apiKey: string | null) {
    this.apiKey = apiKey;
  }

  verify(raw: Uint8Array, headers: InboundHeaders): VerifiedDelivery {
    const payload = jsonObject(callbackJson(raw, headers));
    const event = payload.event as Record<string, unknown> | undefined;
    const time = event?.event_time;
    const type = event?.event_type;
    const hash = event?.event_hash;
    if (this.apiKey === null || typeof time !== 'string' || typeof type !== 'string' || typeof hash !== 'string') throw invalidSignature();
    if (!UNIX_SECONDS.test(time) || !HEX_SHA256.test(hash)) throw invalidSignature();
    if (!sameBytes(Buffer.from(hash, 'hex'), createHmac('sha256', this.apiKey).update(`${time}${type}`).digest())) throw invalidSignature();
    const request = payload.signature_request as Record<string, unknown> | undefined;
    const requestId = typeof request?.signature_request_id === 'string' ? request.signature_request_id : null;
    if (requestId === null && type !== 'callback_test') {
      throw validationFailed('signature_request', 'required', 'A signature request event names its signature_request_id.');
    }
    return {
      eventId: `${requestId ?? 'account'}:${type}:${time}`,
      timestampMs: Number(time) * 1000,
      type,
      payload,
      signature: hash,
      acknowledgement: DROPBOX_SIGN_ACKNOWLEDGEMENT,
      bodyUnsigned: true,
    };
  }
}
