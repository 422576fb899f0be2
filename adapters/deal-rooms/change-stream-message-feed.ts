import type { ChangeStream, Db, ResumeToken } from 'mongodb';
import type { DealMessage } from '../../core/deal-rooms/deal-room.ts';
import type { DealMessageFeed } from '../../ports/deal-rooms/deal-room.ports.ts';

interface StoredMessage {
  _id: string;
  orgId: string;
  roomId: string;
  authorId: string;
  body: string;
  createdAt: Date;
}

const RESTART_DELAY_MS = 1000;
/** MongoDB's answer when change streams are asked of a server that is not a replica set. */
const NOT_A_REPLICA_SET = 40573;

/**
 * Several processes share MongoDB: every process watches the inserts into `deal_messages` (a
 * change stream, which needs a replica set) and hands each to its own sockets, so a message
 * posted to any process reaches every connection. The insert itself is the publication.
 * A stream that fails is reopened after its last seen event, so nothing in between is skipped.
 * On a standalone server (no change streams) it says so once and delivers in this process only.
 */
export class ChangeStreamMessageFeed implements DealMessageFeed {
  private readonly db: Db;
  private readonly listeners = new Set<(message: DealMessage) => void>();
  private stream: ChangeStream | null = null;
  private resumeAfter: ResumeToken | undefined;
  private closed = false;
  private standalone = false;
  private readonly warn: (message: string) => void;

  constructor(db: Db, warn: (message: string) => void = () => {}) {
    this.db = db;
    this.warn = warn;
  }

  published(message: DealMessage): void {
    // Delivered by the change stream, in this process as in every other; without one, here.
    if (this.standalone) for (const listener of this.listeners) listener(message);
  }

  subscribe(listener: (message: DealMessage) => void): () => void {
    this.listeners.add(listener);
    if (!this.stream) this.open();
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    await this.stream?.close();
  }

  private open(): void {
    const stream = this.db
      .collection<StoredMessage>('deal_messages')
      .watch([{ $match: { operationType: 'insert' } }], this.resumeAfter ? { resumeAfter: this.resumeAfter } : {});
    this.stream = stream;
    stream.on('change', (change) => {
      this.resumeAfter = change._id;
      if (change.operationType !== 'insert') return;
      const { _id, ...rest } = change.fullDocument;
      const message: DealMessage = { id: _id, ...rest };
      for (const listener of this.listeners) listener(message);
    });
    stream.on('error', (error: { code?: number }) => {
      void stream.close();
      this.stream = null;
      if (error.code === NOT_A_REPLICA_SET) {
        this.standalone = true;
        this.warn('MongoDB is not a replica set: deal room messages reach the sockets of the process that stored them only.');
        return;
      }
      if (!this.closed) setTimeout(() => this.open(), RESTART_DELAY_MS).unref();
    });
  }
}
