import type { CommandHandler, InboundAnswer } from '../inbound/inbound.ports.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { ProducerRepository } from './producer.repositories.ts';

/** Identity verification finished for the producer the inquiry was opened for. */
export interface IdentityVerifiedCommand {
  readonly producerId: string;
}

/** A completed verification activates that producer (a pending one; any other stays as it is). */
export class IdentityEventsHandler implements CommandHandler<IdentityVerifiedCommand> {
  private readonly producers: ProducerRepository;
  private readonly clock: Clock;

  constructor(producers: ProducerRepository, clock: Clock) {
    this.producers = producers;
    this.clock = clock;
  }

  async handle(command: IdentityVerifiedCommand): Promise<InboundAnswer> {
    const activated = await this.producers.activateVerified(command.producerId, this.clock.now());
    return { status: 200, body: { received: true, ...(activated ? { producerId: activated.id, status: activated.status } : {}) } };
  }
}
