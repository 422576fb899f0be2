import type { Clock } from '../shared/clock.port.ts';
import type { InboundAnswer, InboundHandler, VerifiedDelivery } from './inbound.ports.ts';

/** A verified e-mail event waiting for asynchronous processing. */
export interface QueuedEmailEvent {
  readonly type: string;
  readonly createdAt: Date;
  readonly data: unknown;
  readonly messageId: string;
}

export interface EmailEventQueue {
  /** False when an event with this message id was queued before. */
  enqueue(event: QueuedEmailEvent): Promise<boolean>;
}

/** Every verified e-mail provider event is queued; its message id (`wh-id`) is the deduplication key. */
export class EmailEventsHandler implements InboundHandler {
  private readonly queue: EmailEventQueue;
  private readonly clock: Clock;

  constructor(queue: EmailEventQueue, clock: Clock) {
    this.queue = queue;
    this.clock = clock;
  }

  async handle(delivery: VerifiedDelivery): Promise<InboundAnswer> {
    const queued = await this.queue.enqueue({ type: delivery.type, createdAt: this.clock.now(), data: delivery.payload.data ?? null, messageId: delivery.eventId });
    return queued ? { status: 200, body: { received: true } } : { status: 200, body: { deduplicated: true } };
  }
}
