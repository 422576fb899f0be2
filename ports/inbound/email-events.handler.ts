import type { Clock } from '../shared/clock.port.ts';
import type { CommandHandler, InboundAnswer } from './inbound.ports.ts';

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

/** An e-mail provider's event: its type, its data, and the message id that deduplicates it. */
export type EmailEventCommand = Omit<QueuedEmailEvent, 'createdAt'>;

/** Every verified e-mail provider event is queued; its message id is the deduplication key. */
export class EmailEventsHandler implements CommandHandler<EmailEventCommand> {
  private readonly queue: EmailEventQueue;
  private readonly clock: Clock;

  constructor(queue: EmailEventQueue, clock: Clock) {
    this.queue = queue;
    this.clock = clock;
  }

  async handle(command: EmailEventCommand): Promise<InboundAnswer> {
    const queued = await this.queue.enqueue({ ...command, createdAt: this.clock.now() });
    return queued ? { status: 200, body: { received: true } } : { status: 200, body: { deduplicated: true } };
  }
}
