import type { EmailEventCommand } from '../../../ports/inbound/email-events.handler.ts';
import type { VerifiedDelivery } from '../../../ports/inbound/inbound.ports.ts';

/** Standard Webhooks deliveries: the message id (`wh-id`) is the event id; `type` and `data` are kept as sent. */
export const mapEmailEvent = (delivery: VerifiedDelivery): EmailEventCommand => ({
  type: delivery.type,
  data: delivery.payload.data ?? null,
  messageId: delivery.eventId,
});
