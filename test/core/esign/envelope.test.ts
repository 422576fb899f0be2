import test from 'ava';
import { ENVELOPE_LIFECYCLE } from '../../../core/esign/envelope.ts';
import { nextStatuses } from '../../../core/shared/lifecycle.ts';
import { ESIGN_PROVIDER_EVENTS, mapESignEvent } from '../../../adapters/inbound/esign/esign-event.mapper.ts';
import type { VerifiedDelivery } from '../../../ports/inbound/inbound.ports.ts';

const delivery = (type: string, data: Record<string, unknown> = { documentId: 'doc_1' }): VerifiedDelivery => ({
  eventId: 'e1',
  timestampMs: 0,
  type,
  payload: { data },
  signature: 'x',
});

test('provider events map to the envelope moves that lead to the normalized statuses', (t) => {
  const mapping = {
    DOCUMENT_COMPLETED: 'completed',
    DOCUMENT_SIGNED: 'completed',
    DOCUMENT_REJECTED: 'declined',
    DOCUMENT_DECLINED: 'declined',
    DOCUMENT_CANCELLED: 'voided',
    DOCUMENT_VOIDED: 'voided',
    DOCUMENT_OPENED: 'viewed',
    DOCUMENT_SENT: 'sent',
    DOCUMENT_EXPIRED: 'expired',
    // DocuSign Connect
    'envelope-sent': 'sent',
    'envelope-delivered': 'viewed',
    'envelope-completed': 'completed',
    'envelope-declined': 'declined',
    'envelope-voided': 'voided',
    // Dropbox Sign
    signature_request_sent: 'sent',
    signature_request_viewed: 'viewed',
    signature_request_all_signed: 'completed',
    signature_request_declined: 'declined',
    signature_request_canceled: 'voided',
    signature_request_expired: 'expired',
  };
  for (const [event, status] of Object.entries(mapping)) {
    const move = ESIGN_PROVIDER_EVENTS[event];
    t.truthy(move, event);
    t.is(ENVELOPE_LIFECYCLE.moves[move as keyof typeof ENVELOPE_LIFECYCLE.moves].to as string, status, event);
    t.deepEqual(mapESignEvent(delivery(event)), { externalDocumentId: 'doc_1', move, confirm: false }, event);
  }
  t.deepEqual(mapESignEvent(delivery('DOCUMENT_UPLOADED')), { ignored: 'DOCUMENT_UPLOADED', status: 200 });
  t.deepEqual(mapESignEvent(delivery('toString')), { ignored: 'toString', status: 200 });
  t.deepEqual(mapESignEvent(delivery('DOCUMENT_SIGNED', { envelopeId: 'env_9' })), { externalDocumentId: 'env_9', move: 'complete', confirm: false });
  // Dropbox Sign names its request outside `data`, and its hash does not cover the body: the status is confirmed first.
  t.deepEqual(
    mapESignEvent({ ...delivery('signature_request_all_signed', {}), payload: { signature_request: { signature_request_id: 'sr_1' } }, bodyUnsigned: true }),
    { externalDocumentId: 'sr_1', move: 'complete', confirm: true },
  );
  t.deepEqual(mapESignEvent(delivery('DOCUMENT_SIGNED', {})), { ignored: 'no documentId or envelopeId', status: 200 });
});

test('a final status never changes and viewed never returns to sent', (t) => {
  t.deepEqual(nextStatuses(ENVELOPE_LIFECYCLE, 'sent').sort(), ['completed', 'declined', 'expired', 'viewed', 'voided']);
  t.deepEqual(nextStatuses(ENVELOPE_LIFECYCLE, 'viewed').sort(), ['completed', 'declined', 'expired', 'voided']);
  for (const final of ['completed', 'declined', 'voided', 'expired'] as const) t.deepEqual(nextStatuses(ENVELOPE_LIFECYCLE, final), [], final);
});
