import type { DealMessage, DealRoom } from '../../core/deal-rooms/deal-room.ts';
import type { CredentialRef, Principal } from '../../core/shared/access/principal.ts';
import type { Page, PageRequest } from '../shared/persistence/page.ts';

export interface DealRoomRepository {
  insert(room: DealRoom): Promise<void>;
  findById(orgId: string, id: string): Promise<DealRoom | null>;
  exists(orgId: string, id: string): Promise<boolean>;
  /** Newest first; only rooms with this participant when `participantId` is given. */
  page(orgId: string, filter: { submissionId?: string; participantId?: string }, request: PageRequest): Promise<Page<DealRoom>>;
}

export interface DealMessageRepository {
  insert(message: DealMessage): Promise<void>;
  /** Oldest first: a conversation reads from its start. */
  page(orgId: string, roomId: string, request: PageRequest): Promise<Page<DealMessage>>;
}

/**
 * Delivers each stored message to the room's live connections, in every process serving them:
 * in process on the embedded store; through a change stream on the messages with MongoDB, so a
 * message posted to one process reaches sockets held by another.
 */
export interface DealMessageFeed {
  /** Called once the message is stored. */
  published(message: DealMessage): void;
  subscribe(listener: (message: DealMessage) => void): () => void;
  close(): Promise<void>;
}

/**
 * What a signed WebSocket address admits: one author to one room of one organization, once (its
 * `id` is spent by the connection it opens), until it expires. It names the credential that
 * asked for it, which the open connection keeps answering to.
 */
export interface RoomTicket {
  readonly id: string;
  readonly orgId: string;
  readonly roomId: string;
  readonly authorId: string;
  readonly credential: CredentialRef;
  readonly expiresAt: Date;
}

/** Tickets already used: spending one is a guarded insert, so of racing upgrades exactly one opens. */
export interface SpentTickets {
  /** True when this call spent the ticket; false when it was spent before. */
  spend(ticketId: string, expiresAt: Date): Promise<boolean>;
}

/** Whether a credential seen earlier still holds, and as whom (identity's `Authenticate`). */
export interface CredentialCheck {
  recheck(orgId: string, credential: CredentialRef): Promise<Principal | null>;
}

/** The caller's general request budget, which messages sent over a socket draw from as HTTP posts do. */
export interface MessageBudget {
  spend(orgId: string, credential: CredentialRef): Promise<{ readonly allowed: boolean; readonly retryAfter: number }>;
}

export interface RoomTickets {
  issue(ticket: RoomTicket): string;
  /** The ticket when the token is intact and unexpired; null otherwise (altered, expired, malformed). */
  verify(token: string, now: Date): RoomTicket | null;
}
