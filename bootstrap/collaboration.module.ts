import { DealRoomSockets, SOCKET_DEFAULTS } from '../adapters/http/deal-rooms/deal-room-sockets.ts';
import { dealRoomRoutes } from '../adapters/http/deal-rooms/deal-rooms.routes.ts';
import { referralRoutes } from '../adapters/http/referrals/referrals.routes.ts';
import { ChangeStreamMessageFeed } from '../adapters/deal-rooms/change-stream-message-feed.ts';
import { InProcessMessageFeed } from '../adapters/deal-rooms/in-process-message-feed.ts';
import { RequestBudget } from '../adapters/deal-rooms/request-budget.ts';
import { SpentTicketStoreRepository } from '../adapters/persistence/deal-rooms/spent-ticket.store-repository.ts';
import { DealMessageStoreRepository, DealRoomStoreRepository } from '../adapters/persistence/deal-rooms/deal-room.store-repository.ts';
import { MongoStore } from '../adapters/persistence/mongo/mongo-store.engine.ts';
import { ReferralStoreRepository } from '../adapters/persistence/referrals/referral.store-repository.ts';
import { HmacRoomTickets } from '../adapters/security/hmac-room-tickets.ts';
import type { Logger } from 'pino';
import { DealRooms } from '../ports/deal-rooms/deal-rooms.use-case.ts';
import { Referrals } from '../ports/referrals/referrals.use-case.ts';
import type { AppConfig } from './config.ts';
import { TOKENS } from './tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** Deal rooms (HTTP and WebSocket) and referrals, which lift delegated-authority blocks when approved. */
export const collaborationModule = (config: AppConfig, logger: Logger): ContextModule => ({
  name: 'collaboration',
  bindings: bindings((wire) => {
    wire.factory(TOKENS.DealRoomRepository, [TOKENS.Store], DealRoomStoreRepository.create);
    wire.factory(TOKENS.DealMessageRepository, [TOKENS.Store], DealMessageStoreRepository.create);
    wire.factory(TOKENS.ReferralRepository, [TOKENS.Store], ReferralStoreRepository.create);
    wire.factory(TOKENS.SpentTickets, [TOKENS.Store], SpentTicketStoreRepository.create);
    wire.factory(TOKENS.ReferralApprovals, [TOKENS.ReferralRepository], (referrals) => referrals as ReferralStoreRepository);
    wire.factory(
      TOKENS.DealRooms,
      [
        TOKENS.Store,
        TOKENS.DealRoomRepository,
        TOKENS.DealMessageRepository,
        TOKENS.SubmissionRepository,
        TOKENS.UserRepository,
        TOKENS.RecordAccess,
        TOKENS.FeatureFlags,
        TOKENS.Ids,
        TOKENS.Clock,
        TOKENS.SpentTickets,
        TOKENS.Authenticate,
        TOKENS.RateLimiter,
        TOKENS.OrganizationRepository,
      ],
      (store, rooms, messages, submissions, users, records, flags, ids, clock, spentTickets, credentials, limiter, organizations) =>
        new DealRooms({
          rooms,
          messages,
          // Several processes share MongoDB: each hears every insert. The embedded store is one process.
          feed: store instanceof MongoStore ? new ChangeStreamMessageFeed(store.database(), (message) => logger.warn(message)) : new InProcessMessageFeed(),
          tickets: new HmacRoomTickets(config.secrets.jwtSecret),
          spentTickets,
          credentials,
          budget: new RequestBudget(limiter, organizations),
          submissions,
          users,
          records,
          flags,
          ids,
          clock,
        }),
    );
    wire.factory(
      TOKENS.Referrals,
      [
        TOKENS.ReferralRepository,
        TOKENS.SubmissionRepository,
        TOKENS.QuoteRepository,
        TOKENS.PolicyRepository,
        TOKENS.ClaimRepository,
        TOKENS.UserRepository,
        TOKENS.DealRoomRepository,
        TOKENS.RecordAccess,
        TOKENS.AuditTrail,
        TOKENS.Ids,
        TOKENS.Clock,
      ],
      (referrals, submissions, quotes, policies, claims, users, dealRooms, records, audit, ids, clock) =>
        new Referrals({ referrals, submissions, quotes, policies, claims, users, dealRooms: dealRooms as DealRoomStoreRepository, records, audit, ids, clock }),
    );
  }),
  routes: async (resolve) => [...dealRoomRoutes(await resolve(TOKENS.DealRooms), config.publicBaseUrl), ...referralRoutes(await resolve(TOKENS.Referrals))],
  sockets: async (resolve) => [
    new DealRoomSockets(await resolve(TOKENS.DealRooms), await resolve(TOKENS.AccessChanges), logger, { ...SOCKET_DEFAULTS, ...config.dealRoomSockets }),
  ],
});
