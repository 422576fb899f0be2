import test from 'ava';
import { statusForProviderEvent, statusesThatMayBecome } from '../../core/esign/envelope.ts';

test('provider events map to the normalized statuses', (t) => {
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
  };
  for (const [event, status] of Object.entries(mapping)) t.is(statusForProviderEvent(event) as string | null, status, event);
  t.is(statusForProviderEvent('DOCUMENT_UPLOADED'), null);
});

test('a final status never changes and viewed never returns to sent', (t) => {
  t.deepEqual(statusesThatMayBecome('sent'), []);
  t.deepEqual(statusesThatMayBecome('viewed'), ['sent']);
  for (const final of ['completed', 'declined', 'voided', 'expired'] as const) t.deepEqual(statusesThatMayBecome(final), ['sent', 'viewed']);
});
