import { valueAt, type InboundAnswer, type InboundHandler, type VerifiedDelivery } from '../inbound/inbound.ports.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { ProducerRepository } from './producer.repositories.ts';

/** `inquiry.completed` whose inquiry carries a reference-id activates that producer; other events are ignored (202). */
export class IdentityEventsHandler implements InboundHandler {
  private readonly producers: ProducerRepository;
  private readonly clock: Clock;

  constructor(producers: ProducerRepository, clock: Clock) {
    this.producers = producers;
    this.clock = clock;
  }

  async handle(delivery: VerifiedDelivery): Promise<InboundAnswer> {
    if (delivery.type !== 'inquiry.completed') return { status: 202, body: { received: true, ignored: delivery.type } };
    const referenceId = valueAt(delivery.payload, 'data', 'attributes', 'payload', 'data', 'attributes', 'reference-id');
    if (typeof referenceId !== 'string' || referenceId === '') return { status: 200, body: { received: true, ignored: 'no reference-id' } };
    const activated = await this.producers.activateVerified(referenceId, this.clock.now());
    return { status: 200, body: { received: true, ...(activated ? { producerId: activated.id, status: 'active' } : {}) } };
  }
}
