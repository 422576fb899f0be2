import { ENVELOPE_LIFECYCLE, type EnvelopeMove } from '../../core/esign/envelope.ts';
import { transition } from '../../core/shared/lifecycle.ts';
import type { CommandHandler, InboundAnswer } from '../inbound/inbound.ports.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { EnvelopeRepository } from './esign.ports.ts';

/** A provider's news about the document it knows by `externalDocumentId`. */
export interface EnvelopeEventCommand {
  readonly externalDocumentId: string;
  readonly move: EnvelopeMove;
}

/** Provider document events move the envelope found by the provider's document id. */
export class ESignEventsHandler implements CommandHandler<EnvelopeEventCommand> {
  private readonly envelopes: EnvelopeRepository;
  private readonly clock: Clock;

  constructor(envelopes: EnvelopeRepository, clock: Clock) {
    this.envelopes = envelopes;
    this.clock = clock;
  }

  async handle(command: EnvelopeEventCommand): Promise<InboundAnswer> {
    const step = transition(ENVELOPE_LIFECYCLE, command.move);
    const moved = await this.envelopes.moveByExternalId(command.externalDocumentId, step, this.clock.now());
    if (moved) return { status: 200, body: { received: true, envelopeId: moved.id, status: moved.status } };
    const current = await this.envelopes.findByExternalId(command.externalDocumentId);
    if (!current) return { status: 200, body: { received: true, ignored: 'unknown document' } };
    // Out of order or repeated: the envelope keeps the status it already reached.
    return { status: 200, body: { received: true, envelopeId: current.id, status: current.status, unchanged: true } };
  }
}
