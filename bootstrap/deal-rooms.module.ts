import type { Logger } from 'pino';
import { ChangeStreamMessageFeed } from '../adapters/deal-rooms/change-stream-message-feed.ts';
import { InProcessMessageFeed } from '../adapters/deal-rooms/in-process-message-feed.ts';
import { RequestBudget } from '../adapters/deal-rooms/request-budget.ts';
import { DealRoomSockets, SOCKET_DEFAULTS } from '../adapters/http/deal-rooms/deal-room-sockets.ts';
import { dealRoomRoutes } from '../adapters/http/deal-rooms/deal-rooms.routes.ts';
import { DealMessageStoreRepository, DealRoomStoreRepository } from '../adapters/persistence/deal-rooms/deal-room.store-repository.ts';
import { SpentTicketStoreRepository } from '../adapters/persistence/deal-rooms/spent-ticket.store-repository.ts';
import { HmacRoomTickets } from '../adapters/security/hmac-room-tickets.ts';
import { DealRooms } from '../ports/deal-rooms/deal-rooms.use-case.ts';
import type { DealMessageFeed } from '../ports/deal-rooms/deal-room.ports.ts';
import type { CollectionStore } from '../ports/shared/persistence/collection-store.port.ts';
import { AUTHORIZATION } from './authorization.tokens.ts';
import type { AppConfig } from './config.ts';
import { DEAL_ROOMS } from './deal-rooms.tokens.ts';
import { mongoDatabaseOf } from './mongo-database.ts';
import { FLAGS } from './flags.tokens.ts';
import { IDENTITY } from './identity.tokens.ts';
import { PLATFORM } from './platform.tokens.ts';
import { RATE_LIMIT } from './rate-limit.tokens.ts';
import { TENANCY } from './tenancy.tokens.ts';
import { UNDERWRITING } from './underwriting.tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** Several processes share MongoDB: each hears every insert through a change stream. The embedded store is one process. */
const messageFeedFor = async (store: CollectionStore, logger: Logger): Promise<DealMessageFeed> => {
  const mongo = await mongoDatabaseOf(store);
  return mongo ? new ChangeStreamMessageFeed(mongo, (message) => logger.warn(message)) : new InProcessMessageFeed();
};

/** Deal rooms about a submission: messages over HTTP and WebSocket, with tickets, budgets and live re-checks of access. */
export const dealRoomsModule = (config: AppConfig, logger: Logger): ContextModule => ({
  name: 'deal-rooms',
  bindings: bindings((wire) => {
    wire.factory(DEAL_ROOMS.DealRoomRepository, { store: PLATFORM.Store }, ({ store }) => DealRoomStoreRepository.create(store));
    wire.factory(DEAL_ROOMS.DealMessageRepository, { store: PLATFORM.Store }, ({ store }) => DealMessageStoreRepository.create(store));
    wire.factory(DEAL_ROOMS.SpentTickets, { store: PLATFORM.Store }, ({ store }) => SpentTicketStoreRepository.create(store));
    wire.factory(
      DEAL_ROOMS.DealRooms,
      {
        store: PLATFORM.Store,
        rooms: DEAL_ROOMS.DealRoomRepository,
        messages: DEAL_ROOMS.DealMessageRepository,
        spentTickets: DEAL_ROOMS.SpentTickets,
        submissions: UNDERWRITING.SubmissionRepository,
        users: IDENTITY.UserRepository,
        credentials: IDENTITY.Authenticate,
        records: AUTHORIZATION.RecordAccess,
        flags: FLAGS.FeatureFlags,
        limiter: RATE_LIMIT.RateLimiter,
        organizations: TENANCY.OrganizationRepository,
        ids: PLATFORM.Ids,
        clock: PLATFORM.Clock,
      },
      async ({ store, limiter, organizations, ...deps }) =>
        new DealRooms({
          ...deps,
          feed: await messageFeedFor(store, logger),
          tickets: new HmacRoomTickets(config.secrets.jwtSecret),
          budget: new RequestBudget(limiter, organizations),
        }),
    );
  }),
  routes: async (resolve) => dealRoomRoutes(await resolve(DEAL_ROOMS.DealRooms), config.publicBaseUrl),
  sockets: async (resolve) => [
    new DealRoomSockets(await resolve(DEAL_ROOMS.DealRooms), await resolve(IDENTITY.AccessChanges), logger, { ...SOCKET_DEFAULTS, ...config.dealRoomSockets }),
  ],
});
