import { Type } from '@sinclair/typebox';
import { DEAL_ROOM_LIMITS } from '../../../core/deal-rooms/deal-room.ts';
import { mapPage } from '../../../ports/shared/persistence/page.ts';
import type { DealRooms } from '../../../ports/deal-rooms/deal-rooms.use-case.ts';
import { IdParams, LongText, OrgIdQuery, PageQuery, pageOf, Text, Timestamp } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';
import { DealMessageSchema, DealRoomSchema, viewMessage, viewRoom } from './deal-room.views.ts';
import { isoInstant } from '../../../core/shared/iso-instant.ts';

const Scoped = Type.Object(OrgIdQuery);
const common = { tags: ['deal-rooms'], feature: 'deal_rooms' } as const;

/** Deal rooms: a conversation per submission, over HTTP and a WebSocket. */
export const dealRoomRoutes = (rooms: DealRooms, publicBaseUrl: string): RouteDefinition[] => [
  defineRoute({
    ...common,
    method: 'GET',
    path: '/v1/deal-rooms',
    operationId: 'listDealRooms',
    summary: "The organization's deal rooms, newest first: every one for its staff, the ones they take part in for producers.",
    permission: 'deal-rooms:read',
    query: Type.Object({ ...PageQuery, ...OrgIdQuery, submissionId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })) }),
    responses: { 200: { description: 'A page of deal rooms.', schema: pageOf(DealRoomSchema) } },
    handler: async (context) => {
      const { orgId, submissionId, ...page } = context.query;
      return {
        status: 200,
        body: mapPage(await rooms.list(context.principal, orgScope(context, orgId), submissionId ? { submissionId } : {}, page), viewRoom),
      };
    },
  }),
  defineRoute({
    ...common,
    method: 'POST',
    path: '/v1/deal-rooms',
    operationId: 'createDealRoom',
    summary: `Open a deal room for a submission the caller can see. The creator takes part; \`participantIds\` adds users of the organization (at most ${DEAL_ROOM_LIMITS.participants} in all).`,
    permission: 'deal-rooms:write',
    query: Scoped,
    body: Type.Object(
      {
        submissionId: Type.String({ minLength: 1, maxLength: 128 }),
        name: Type.Optional(Text({ minLength: 1, maxLength: 200 })),
        participantIds: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 128 }), { maxItems: DEAL_ROOM_LIMITS.participants })),
      },
      { additionalProperties: false },
    ),
    responses: { 201: { description: 'The room.', schema: DealRoomSchema } },
    handler: async (context) => ({ status: 201, body: viewRoom(await rooms.create(context.principal, orgScope(context, context.query.orgId), context.body)) }),
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/v1/deal-rooms/:id',
    operationId: 'getDealRoom',
    summary: 'A deal room with its participants.',
    permission: 'deal-rooms:read',
    params: IdParams,
    query: Scoped,
    responses: { 200: { description: 'The room.', schema: DealRoomSchema } },
    handler: async (context) => ({
      status: 200,
      body: viewRoom(await rooms.get(context.principal, orgScope(context, context.query.orgId), context.params.id)),
    }),
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/v1/deal-rooms/:id/messages',
    operationId: 'listDealRoomMessages',
    summary: 'The messages of a room, oldest first; for its participants.',
    permission: 'deal-rooms:read',
    params: IdParams,
    query: Type.Object({ ...PageQuery, ...OrgIdQuery }),
    responses: { 200: { description: 'A page of messages.', schema: pageOf(DealMessageSchema) } },
    handler: async (context) => {
      const { orgId, ...page } = context.query;
      return { status: 200, body: mapPage(await rooms.messages(context.principal, orgScope(context, orgId), context.params.id, page), viewMessage) };
    },
  }),
  defineRoute({
    ...common,
    method: 'POST',
    path: '/v1/deal-rooms/:id/messages',
    operationId: 'postDealRoomMessage',
    summary: 'Post a message; every connected participant receives it over the WebSocket.',
    permission: 'deal-rooms:write',
    params: IdParams,
    query: Scoped,
    body: Type.Object({ body: LongText({ minLength: 1, maxLength: DEAL_ROOM_LIMITS.messageLength }) }, { additionalProperties: false }),
    responses: { 201: { description: 'The stored message.', schema: DealMessageSchema } },
    handler: async (context) => ({
      status: 201,
      body: viewMessage(await rooms.post(context.principal, orgScope(context, context.query.orgId), context.params.id, context.body.body)),
    }),
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/v1/deal-rooms/:id/ws',
    operationId: 'getDealRoomSocket',
    summary: `A signed WebSocket address for the room, valid ${DEAL_ROOM_LIMITS.ticketSeconds / 60} minutes. Connecting to it (an upgrade on this same path) receives every message posted to the room as \`{"type":"message","message":{…}}\`, and posts by sending \`{"type":"message","body":"…"}\` (at most 30 per 10 seconds, frames up to 16 KiB). The address opens one connection: a used, expired, altered or other room's address is refused at the upgrade with 401, and a credential that no longer takes part (role, membership, the feature switched off) with 403. Messages sent over the socket count against the sender's request budget like HTTP posts. A person holds at most 5 connections to a room and 50 in the organization, an organization 500, and a room 1,000 (429 beyond; 503 when the service's own WebSocket cap is reached); the defaults are settings. An open connection is checked again every minute, and at once on sign-out, a role change, a key revocation or the feature switched off, and is closed with 4401 (its credential ended) or 4403 (no longer allowed). The server pings every 30 seconds and closes a connection that stops answering, or that stops reading while 1 MiB waits for it.`,
    permission: 'deal-rooms:read',
    params: IdParams,
    query: Scoped,
    responses: {
      200: {
        description: 'The address.',
        schema: Type.Object(
          { wsUrl: Type.String(), expiresAt: Timestamp() },
          { $id: 'DealRoomSocket', description: 'Where to open the room’s WebSocket, with its single-use ticket.' },
        ),
      },
    },
    handler: async (context) => {
      const { token, expiresAt } = await rooms.ticket(context.principal, orgScope(context, context.query.orgId), context.params.id);
      const origin = publicBaseUrl.replace(/^http/, 'ws').replace(/\/$/, '');
      return {
        status: 200,
        body: { wsUrl: `${origin}/v1/deal-rooms/${encodeURIComponent(context.params.id)}/ws?token=${token}`, expiresAt: isoInstant(expiresAt) },
      };
    },
  }),
];
