import { writeUnlessDuplicate } from '../../../core/shared/domain-error.ts';
import type { SpentTickets } from '../../../ports/deal-rooms/deal-room.ports.ts';
import type { Collection, CollectionStore, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';

const COLLECTION = 'deal_room_spent_tickets';

type SpentTicketDocument = StoredDocument & { _id: string; expiresAt: Date };

/**
 * WebSocket tickets already used, one document per ticket id: the store's unique `_id` settles
 * racing upgrades, in one process or several; a spent ticket is forgotten once it has expired (TTL).
 */
export class SpentTicketStoreRepository implements SpentTickets {
  private readonly tickets: Collection<SpentTicketDocument>;

  private constructor(tickets: Collection<SpentTicketDocument>) {
    this.tickets = tickets;
  }

  static async create(store: CollectionStore): Promise<SpentTicketStoreRepository> {
    await store.ensureIndexes(COLLECTION, [{ name: 'expiry', keys: { expiresAt: 1 }, expireAfterSeconds: 0 }]);
    return new SpentTicketStoreRepository(store.collection<SpentTicketDocument>(COLLECTION));
  }

  spend(ticketId: string, expiresAt: Date): Promise<boolean> {
    return writeUnlessDuplicate(() => this.tickets.insertOne({ _id: ticketId, expiresAt }));
  }
}
