import { assertFresh } from '../../core/inbound/freshness.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { InboundAnswer, InboundHandler, InboundHeaders, ProcessedEvents, ProviderVerifier, ReplayGuard } from './inbound.ports.ts';
import type { SecretTools } from '../identity/credential-crypto.port.ts';
import { DomainError } from '../../core/shared/domain-error.ts';

export interface InboundReceiver {
  readonly provider: string;
  readonly verifier: ProviderVerifier;
  readonly handler: InboundHandler;
  /** What a repeated event id answers (200). */
  readonly duplicateBody: Record<string, unknown>;
  /**
   * Deliveries whose verified signature was seen within `windowMs` are replays (409). Keyed on
   * the signature value that matched, not the header text, so padding or reordering the header
   * does not make a replay look new.
   */
  readonly replay?: { readonly windowMs: number };
}

/**
 * Every inbound receiver, in order: verify the signature, skip an event id already seen, refuse
 * stale timestamps, process, and record the id only after success. Racing duplicates are settled
 * by the atomic claim, so exactly one of them processes; a failure gives the claim back and
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
    const now = this.clock.now();
    if (receiver.replay) {
      const fingerprint = `${receiver.provider}:${this.secrets.digest(delivery.signature)}`;
      if (!(await this.replays.firstSight(fingerprint, now, receiver.replay.windowMs))) {
        throw new DomainError('conflict', 'This signed delivery was already received.', { replay: true });
      }
    }
    const claim = await this.events.claim(receiver.provider, delivery.eventId, now);
    if (claim !== 'claimed') return { status: 200, body: receiver.duplicateBody };
    try {
      assertFresh(delivery.timestampMs, now.getTime());
      const answer = await receiver.handler.handle(delivery);
      await this.events.complete(receiver.provider, delivery.eventId, this.clock.now());
      return answer;
    } catch (error) {
      await this.events.release(receiver.provider, delivery.eventId);
      throw error;
    }
  }
}
