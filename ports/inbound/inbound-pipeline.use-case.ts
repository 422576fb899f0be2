import { assertFresh } from '../../core/inbound/freshness.ts';
import type { Clock } from '../shared/clock.port.ts';
import {
  ignoredAnswer,
  isIgnored,
  type CommandHandler,
  type InboundAnswer,
  type InboundHeaders,
  type InboundReceiver,
  type PayloadMapper,
  type VerifiedDelivery,
  type ProcessedEvents,
  type ReplayGuard,
} from './inbound.ports.ts';
import type { SecretTools } from '../shared/secret-tools.port.ts';
import { DomainError } from '../../core/shared/domain-error.ts';

/** A receiver from its provider's mapper and the use case that takes the mapped command. */
export const commandReceiver = <C>(
  parts: Omit<InboundReceiver, 'process'> & { readonly mapper: PayloadMapper<C>; readonly handler: CommandHandler<C> },
): InboundReceiver => {
  const { mapper, handler, ...receiver } = parts;
  return {
    ...receiver,
    process: (delivery) => {
      const command = mapper(delivery);
      return isIgnored(command) ? Promise.resolve(ignoredAnswer(command)) : handler.handle(command);
    },
  };
};

/**
 * Every inbound receiver, in order: verify the signature, skip an event id already seen, refuse
 * stale timestamps, process, and record the id only after success. Racing duplicates are settled
 * by the atomic take, so exactly one of them processes; a failure gives the id back and
 * answers 500 so the sender's retry is processed once.
 */
export class InboundPipeline {
  private readonly events: ProcessedEvents;
  private readonly replays: ReplayGuard;
  private readonly secrets: SecretTools;
  private readonly clock: Clock;

  constructor(events: ProcessedEvents, replays: ReplayGuard, secrets: SecretTools, clock: Clock) {
    this.events = events;
    this.replays = replays;
    this.secrets = secrets;
    this.clock = clock;
  }

  async receive(receiver: InboundReceiver, raw: Uint8Array, headers: InboundHeaders): Promise<InboundAnswer> {
    const delivery = receiver.verifier.verify(raw, headers);
    const answer = await this.process(receiver, delivery);
    return delivery.acknowledgement && answer.status < 300 ? { ...answer, text: delivery.acknowledgement } : answer;
  }

  private async process(receiver: InboundReceiver, delivery: VerifiedDelivery): Promise<InboundAnswer> {
    const now = this.clock.now();
    if (receiver.replay) {
      const fingerprint = `${receiver.provider}:${this.secrets.digest(delivery.signature)}`;
      if (!(await this.replays.firstSight(fingerprint, now, receiver.replay.windowMs))) {
        throw new DomainError('conflict', 'This signed delivery was already received.', { replay: true });
      }
    }
    const taken = await this.events.take(receiver.provider, delivery.eventId, now);
    if (taken !== 'taken') return { status: 200, body: receiver.duplicateBody };
    try {
      assertFresh(delivery.timestampMs, now.getTime());
      const answer = await receiver.process(delivery);
      await this.events.complete(receiver.provider, delivery.eventId, this.clock.now());
      return answer;
    } catch (error) {
      await this.events.release(receiver.provider, delivery.eventId);
      throw error;
    }
  }
}
