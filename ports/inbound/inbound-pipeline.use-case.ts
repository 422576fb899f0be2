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
import type { WindowCounter } from '../rate-limit/window-counter.port.ts';

/**
 * Failed verifications one address may cause in a minute before the receivers stop reading its
 * deliveries (429). A provider signs every delivery, so only a misconfigured secret or a forger
 * fails this often; the budget bounds what an unauthenticated sender can make the service do.
 */
export const FAILED_VERIFICATIONS_PER_MINUTE = 60;
const FAILURE_WINDOW_MS = 60_000;

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
  private readonly failures: WindowCounter;

  constructor(events: ProcessedEvents, replays: ReplayGuard, secrets: SecretTools, clock: Clock, failures: WindowCounter) {
    this.events = events;
    this.replays = replays;
    this.secrets = secrets;
    this.clock = clock;
    this.failures = failures;
  }

  /** `source`: the sender's address, whose failed verifications are counted (null: a local delivery, never counted). */
  async receive(receiver: InboundReceiver, raw: Uint8Array, headers: InboundHeaders, source: string | null = null): Promise<InboundAnswer> {
    const delivery = source === null ? receiver.verifier.verify(raw, headers) : await this.verifyWithinBudget(receiver, raw, headers, source);
    const answer = await this.process(receiver, delivery);
    return delivery.acknowledgement && answer.status < 300 ? { ...answer, text: delivery.acknowledgement } : answer;
  }

  /** Refuses an address past its budget of failures before reading anything it sent; counts each new failure. */
  private async verifyWithinBudget(receiver: InboundReceiver, raw: Uint8Array, headers: InboundHeaders, source: string): Promise<VerifiedDelivery> {
    const key = `inbound-failures:${source}`;
    const now = this.clock.now();
    const spent = await this.failures.peek(key, now);
    if (spent && spent.count >= FAILED_VERIFICATIONS_PER_MINUTE) throw tooManyFailures(spent.windowEndsAt.getTime() - now.getTime());
    try {
      return receiver.verifier.verify(raw, headers);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'invalid_signature') await this.failures.hit(key, FAILURE_WINDOW_MS, now);
      throw error;
    }
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

const tooManyFailures = (msLeft: number): DomainError =>
  new DomainError('rate_limited', `More than ${FAILED_VERIFICATIONS_PER_MINUTE} deliveries from this address failed verification in a minute.`, {
    limit: FAILED_VERIFICATIONS_PER_MINUTE,
    retryAfter: Math.max(1, Math.ceil(msLeft / 1000)),
  });
