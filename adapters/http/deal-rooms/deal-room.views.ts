import { Type, type Static } from '@sinclair/typebox';
import type { DealMessage, DealRoom } from '../../../core/deal-rooms/deal-room.ts';
import { Timestamp } from '../shared/common.schemas.ts';
import { isoInstant } from '../../../core/shared/iso-instant.ts';

export const DealRoomSchema = Type.Object(
  {
    id: Type.String(),
    submissionId: Type.String(),
    name: Type.String(),
    participants: Type.Array(Type.Object({ userId: Type.String(), addedAt: Timestamp() })),
    status: Type.Literal('open'),
    createdBy: Type.String(),
    createdAt: Timestamp(),
  },
  { $id: 'DealRoom', description: 'A deal room: a shared space where the parties of a submission talk it through.' },
);

export const DealMessageSchema = Type.Object(
  {
    id: Type.String(),
    roomId: Type.String(),
    authorId: Type.String({ description: 'The user who wrote it; `key:<id>` for an API key, `machine` for the platform.' }),
    body: Type.String(),
    createdAt: Timestamp(),
  },
  { $id: 'DealMessage', description: 'A message posted in a deal room.' },
);

export const viewRoom = (room: DealRoom): Static<typeof DealRoomSchema> => ({
  id: room.id,
  submissionId: room.submissionId,
  name: room.name,
  participants: room.participants.map((participant) => ({ userId: participant.userId, addedAt: isoInstant(participant.addedAt) })),
  status: room.status,
  createdBy: room.createdBy,
  createdAt: isoInstant(room.createdAt),
});

export const viewMessage = (message: DealMessage): Static<typeof DealMessageSchema> => ({
  id: message.id,
  roomId: message.roomId,
  authorId: message.authorId,
  body: message.body,
  createdAt: isoInstant(message.createdAt),
});
