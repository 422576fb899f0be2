import type { CommandHandler, InboundAnswer } from '../inbound/inbound.ports.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { RecordRelationships } from '../authorization/record-relationships.use-case.ts';
import type { ProducerRepository } from './producer.repositories.ts';

/** Identity verification finished for the producer the inquiry was opened for. */
export interface IdentityVerifiedCommand {
  readonly producerId: string;
}

/**
 * A completed verification activates that producer (a pending one; any other stays as it is), and
 * from then on its user acts as the producer: it reaches the producer's business.
 */
export class IdentityEventsHandler implements CommandHandler<IdentityVerifiedCommand> {
  private readonly producers: ProducerRepository;
  private readonly relationships: RecordRelationships;
  private readonly clock: Clock;

  constructor(producers: ProducerRepository, relationships: RecordRelationships, clock: Clock) {
    this.producers = producers;
    this.relationships = relationships;
    this.clock = clock;
  }

  async handle(command: IdentityVerifiedCommand): Promise<InboundAnswer> {
    const activated = await this.producers.activateVerified(command.producerId, this.clock.now());
    // A repeated event finds the producer active already and writes its relationships again, so an
    // activation interrupted before them is completed by the provider's retry.
    const producer = activated ?? (await this.producers.findVerified(command.producerId));
    if (producer) await this.relationships.producer(producer);
    return { status: 200, body: { received: true, ...(activated ? { producerId: activated.id, status: activated.status } : {}) } };
  }
}
