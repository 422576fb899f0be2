import { statusForProviderEvent, statusesThatMayBecome } from '../../core/esign/envelope.ts';
import { valueAt, type InboundAnswer, type InboundHandler, type VerifiedDelivery } from '../inbound/inbound.ports.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { EnvelopeRepository } from './esign.ports.ts';

/**
 * Provider document events move the envelope found by the provider's document id (`documentId`,
 * or `envelopeId` for the provider that names it so) to the normalized status.
 */
export class ESignEventsHandler implements InboundHandler {
  private readonly envelopes: EnvelopeRepository;
  private readonly clock: Clock;

  constructor(envelopes: EnvelopeRepository, clock: Clock) {
    this.envelopes = envelopes;
    this.clock = clock;
  }

  async handle(delivery: VerifiedDelivery): Promise<InboundAnswer> {
    const status = statusForProviderEvent(delivery.type);
    if (!status) return { status: 200, body: { received: true, ignored: delivery.type } };
    const externalId = valueAt(delivery.payload, 'data', 'documentId') ?? valueAt(delivery.payload, 'data', 'envelopeId');
    if (typeof externalId !== 'string' || externalId === '') return { status: 200, body: { received: true, ignored: 'no documentId or envelopeId' } };
    const moved = await this.envelopes.moveByExternalId(externalId, statusesThatMayBecome(status), status, this.clock.now());
    if (moved) return { status: 200, body: { received: true, envelopeId: moved.id, status: moved.status } };
    const current = await this.envelopes.findByExternalId(externalId);
    if (!current) return { status: 200, body: { received: true, ignored: 'unknown document' } };
    // Out of order or repeated: the envelope keeps the status it already reached.
    return { status: 200, body: { received: true, envelopeId: current.id, status: current.status, unchanged: true } };
  }
}
