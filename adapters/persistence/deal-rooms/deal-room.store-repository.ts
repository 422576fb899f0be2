import type { DealMessage, DealRoom } from '../../../core/deal-rooms/deal-room.ts';
import type { DealMessageRepository, DealRoomRepository } from '../../../ports/deal-rooms/deal-room.ports.ts';
import type { CollectionStore, Filter } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { Page, PageRequest } from '../../../ports/shared/persistence/page.ts';
import type { DealRoomDirectory } from '../../../ports/referrals/referrals.use-case.ts';
import type { RecordFields } from '../shared/document-mapping.ts';
import { RecordCollection } from '../shared/record-collection.ts';

const ROOM_FIELDS: RecordFields<DealRoom> = {
  id: true,
  orgId: true,
  submissionId: true,
  name: true,
  participants: true,
  status: true,
  createdBy: true,
  createdAt: true,
};

const MESSAGE_FIELDS: RecordFields<DealMessage> = { id: true, orgId: true, roomId: true, authorId: true, body: true, createdAt: true };

/** Rooms keep their participants' ids beside the record (`participantIds`) for the "my rooms" list. */
export class DealRoomStoreRepository implements DealRoomRepository, DealRoomDirectory {
  private readonly records: RecordCollection<DealRoom>;

  private constructor(records: RecordCollection<DealRoom>) {
    this.records = records;
  }

  static async create(store: CollectionStore): Promise<DealRoomStoreRepository> {
    return new DealRoomStoreRepository(
      await RecordCollection.open<DealRoom>(store, 'deal_rooms', ROOM_FIELDS, [
        { name: 'org_participant', keys: { orgId: 1, participantIds: 1, _id: -1 } },
        { name: 'org_submission', keys: { orgId: 1, submissionId: 1, _id: -1 } },
      ]),
    );
  }

  async insert(room: DealRoom): Promise<void> {
    await this.records.raw.insertOne({ ...this.records.mapper.toStored(room), participantIds: room.participants.map((participant) => participant.userId) });
  }

  findById(orgId: string, id: string): Promise<DealRoom | null> {
    return this.records.findById(orgId, id);
  }

  async exists(orgId: string, id: string): Promise<boolean> {
    return (await this.records.findById(orgId, id)) !== null;
  }

  page(orgId: string, filter: { submissionId?: string; participantId?: string }, request: PageRequest): Promise<Page<DealRoom>> {
    const query: Filter = {};
    if (filter.submissionId) query.submissionId = filter.submissionId;
    if (filter.participantId) query.participantIds = filter.participantId;
    return this.records.page(orgId, query, request);
  }
}

export class DealMessageStoreRepository implements DealMessageRepository {
  private readonly records: RecordCollection<DealMessage>;

  private constructor(records: RecordCollection<DealMessage>) {
    this.records = records;
  }

  static async create(store: CollectionStore): Promise<DealMessageStoreRepository> {
    return new DealMessageStoreRepository(
      await RecordCollection.open<DealMessage>(store, 'deal_messages', MESSAGE_FIELDS, [{ name: 'org_room', keys: { orgId: 1, roomId: 1, _id: 1 } }]),
    );
  }

  insert(message: DealMessage): Promise<void> {
    return this.records.insert(message);
  }

  page(orgId: string, roomId: string, request: PageRequest): Promise<Page<DealMessage>> {
    return this.records.page(orgId, { roomId }, request, undefined, 'oldest');
  }
}
