import { DomainError } from '../shared/domain-error.ts';

/** The limits of a deal room, documented in the API description. */
export const DEAL_ROOM_LIMITS = {
  /** Participants named at creation, the creator included. */
  participants: 50,
  /** Characters in a message. */
  messageLength: 4000,
  /** How long the signed WebSocket address of `GET …/ws` is accepted. */
  ticketSeconds: 300,
} as const;

interface Participant {
  readonly userId: string;
  readonly addedAt: Date;
}

export interface DealRoom {
  readonly id: string;
  readonly orgId: string;
  readonly submissionId: string;
  readonly name: string;
  readonly participants: readonly Participant[];
  readonly status: 'open';
  readonly createdBy: string;
  readonly createdAt: Date;
}

export interface DealMessage {
  readonly id: string;
  readonly orgId: string;
  readonly roomId: string;
  /** The user who wrote it, or the integration or platform caller (`key:…`, `machine`). */
  readonly authorId: string;
  readonly body: string;
  readonly createdAt: Date;
}

/** The creator first, then the others named, each once. */
export const participantsOf = (creatorId: string | null, named: readonly string[], at: Date): Participant[] => {
  const ids = [...new Set([...(creatorId ? [creatorId] : []), ...named])];
  if (ids.length > DEAL_ROOM_LIMITS.participants) {
    throw new DomainError('validation_failed', `A deal room has at most ${DEAL_ROOM_LIMITS.participants} participants.`, {
      field: 'participantIds',
      rule: 'maxItems',
    });
  }
  return ids.map((userId) => ({ userId, addedAt: at }));
};

export const isParticipant = (room: DealRoom, userId: string): boolean => room.participants.some((participant) => participant.userId === userId);
