import type { EnvelopeMove } from '../../../core/esign/envelope.ts';
import type { EnvelopeEventCommand } from '../../../ports/esign/esign-events.handler.ts';
import { ignore, valueAt, type IgnoredDelivery, type VerifiedDelivery } from '../../../ports/inbound/inbound.ports.ts';

/** The providers' event names (each names some of them differently) → the envelope's move. */
export const ESIGN_PROVIDER_EVENTS: Readonly<Record<string, EnvelopeMove>> = {
  // DocuSign Connect (envelope-level events)
  'envelope-sent': 'confirm_sent',
  'envelope-delivered': 'view',
  'envelope-completed': 'complete',
  'envelope-declined': 'decline',
  'envelope-voided': 'void',
  // Dropbox Sign
  signature_request_sent: 'confirm_sent',
  signature_request_viewed: 'view',
  signature_request_all_signed: 'complete',
  signature_request_declined: 'decline',
  signature_request_canceled: 'void',
  signature_request_expired: 'expire',
  // the specification's generic names
  DOCUMENT_COMPLETED: 'complete',
  DOCUMENT_SIGNED: 'complete',
  DOCUMENT_REJECTED: 'decline',
  DOCUMENT_DECLINED: 'decline',
  DOCUMENT_CANCELLED: 'void',
  DOCUMENT_VOIDED: 'void',
  DOCUMENT_OPENED: 'view',
  DOCUMENT_SENT: 'confirm_sent',
  DOCUMENT_EXPIRED: 'expire',
};

/**
 * The provider's document: `data.documentId`, `data.envelopeId` (DocuSign) or
 * `signature_request.signature_request_id` (Dropbox Sign); other events change nothing.
 */
export const mapESignEvent = (delivery: VerifiedDelivery): EnvelopeEventCommand | IgnoredDelivery => {
  const move = Object.hasOwn(ESIGN_PROVIDER_EVENTS, delivery.type) ? ESIGN_PROVIDER_EVENTS[delivery.type] : undefined;
  if (!move) return ignore(delivery.type);
  const externalId =
    valueAt(delivery.payload, 'data', 'documentId') ??
    valueAt(delivery.payload, 'data', 'envelopeId') ??
    valueAt(delivery.payload, 'signature_request', 'signature_request_id');
  if (typeof externalId !== 'string' || externalId === '') return ignore('no documentId or envelopeId');
  return { externalDocumentId: externalId, move, confirm: delivery.bodyUnsigned === true };
};
