import type { IdentityVerifiedCommand } from '../../../ports/producers/identity-events.handler.ts';
import { ignore, valueAt, type IgnoredDelivery, type VerifiedDelivery } from '../../../ports/inbound/inbound.ports.ts';

/**
 * `inquiry.completed` names the producer in the inquiry's `reference-id` (set when the inquiry was
 * opened); every other event is acknowledged with 202 and changes nothing.
 */
export const mapIdentityEvent = (delivery: VerifiedDelivery): IdentityVerifiedCommand | IgnoredDelivery => {
  if (delivery.type !== 'inquiry.completed') return ignore(delivery.type, 202);
  const referenceId = valueAt(delivery.payload, 'data', 'attributes', 'payload', 'data', 'attributes', 'reference-id');
  if (typeof referenceId !== 'string' || referenceId === '') return ignore('no reference-id');
  return { producerId: referenceId };
};
