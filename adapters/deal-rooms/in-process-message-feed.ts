import type { DealMessage } from '../../core/deal-rooms/deal-room.ts';
import type { DealMessageFeed } from '../../ports/deal-rooms/deal-room.ports.ts';

/** The embedded store serves one process: a stored message goes straight to its listeners. */
export class InProcessMessageFeed implements DealMessageFeed {
  private readonly listeners = new Set<(message: DealMessage) => void>();

  published(message: DealMessage): void {
    for (const listener of this.listeners) listener(message);
  }

  subscribe(listener: (message: DealMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
