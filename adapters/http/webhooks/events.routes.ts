import { Type } from '@sinclair/typebox';
import type { DomainEvent } from '../../../core/shared/events/domain-event.ts';
import { EVENT_TYPES, type EventType } from '../../../core/shared/events/event-catalog.ts';
import { mapPage } from '../../../ports/shared/persistence/page.ts';
import { EVENT_RETENTION_DAYS } from '../../../ports/webhooks/webhook.ports.ts';
import type { Webhooks } from '../../../ports/webhooks/webhooks.use-case.ts';
import { IdParams, OneOf, OrgIdQuery, PageQuery, pageOf, Timestamp } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';
import { isoInstant } from '../../../core/shared/iso-instant.ts';

const EnvelopeSchema = Type.Object(
  {
    id: Type.String({ description: 'Event id, the same in every delivery of the event.' }),
    type: OneOf(Object.keys(EVENT_TYPES) as EventType[]),
    orgId: Type.String(),
    timestamp: Timestamp(),
    data: Type.Record(Type.String(), Type.Unknown(), { description: 'As the webhook of the type carries it (see the webhooks of this description).' }),
  },
  { $id: 'EventEnvelope', description: 'An event as the event log keeps it and webhooks deliver it.' },
);

const view = (event: DomainEvent) => ({ id: event.id, type: event.type, orgId: event.orgId, timestamp: isoInstant(event.timestamp), data: event.data });

/** Events to reconcile from, and sending a logged delivery again. */
export const eventRoutes = (webhooks: Webhooks): RouteDefinition[] => [
  defineRoute({
    method: 'GET',
    path: '/v1/events',
    operationId: 'listEvents',
    summary: `The organization's events, newest first, kept ${EVENT_RETENTION_DAYS} days: the envelopes its webhooks carry, for receivers that missed a delivery.`,
    tags: ['webhooks'],
    permission: 'webhooks:read',
    query: Type.Object({
      ...PageQuery,
      ...OrgIdQuery,
      type: Type.Optional(OneOf(Object.keys(EVENT_TYPES) as EventType[])),
      createdFrom: Type.Optional(Timestamp('Events at or after this instant.')),
      createdTo: Type.Optional(Timestamp('Events at or before this instant.')),
    }),
    responses: { 200: { description: 'A page of events.', schema: pageOf(EnvelopeSchema) } },
    handler: async (context) => {
      const { orgId, type, createdFrom, createdTo, ...page } = context.query;
      const filters = {
        ...(type ? { type } : {}),
        ...(createdFrom ? { createdFrom: new Date(createdFrom) } : {}),
        ...(createdTo ? { createdTo: new Date(createdTo) } : {}),
      };
      return { status: 200, body: mapPage(await webhooks.events(orgScope(context, orgId), filters, page), view) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/events/:id',
    operationId: 'getEvent',
    summary: 'One event, as its webhooks carry it.',
    tags: ['webhooks'],
    permission: 'webhooks:read',
    params: IdParams,
    query: Type.Object(OrgIdQuery),
    responses: { 200: { description: 'The event.', schema: EnvelopeSchema } },
    handler: async (context) => ({ status: 200, body: view(await webhooks.event(orgScope(context, context.query.orgId), context.params.id)) }),
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/webhooks/:id/deliveries/:deliveryId/redeliver',
    operationId: 'redeliverWebhook',
    summary:
      'Send a logged delivery’s event again to the subscription, now: signed anew, under a new delivery id (`deliveryId` is the id the receiver saw in `X-Service-Delivery`). The event must be within its 30 days.',
    tags: ['webhooks'],
    permission: 'webhooks:write',
    params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 128 }), deliveryId: Type.String({ minLength: 1, maxLength: 128 }) }),
    query: Type.Object(OrgIdQuery),
    errors: ['webhook_inactive'],
    responses: {
      200: {
        description: 'The new attempt.',
        schema: Type.Object(
          {
            delivered: Type.Boolean(),
            deliveryId: Type.String(),
            eventId: Type.String(),
            statusCode: Type.Union([Type.Integer(), Type.Null()]),
            durationMs: Type.Integer(),
          },
          { $id: 'Redelivery', description: 'What a new delivery of a logged event got back.' },
        ),
      },
    },
    handler: async (context) => {
      const attempt = await webhooks.redeliver(orgScope(context, context.query.orgId), context.params.id, context.params.deliveryId);
      return {
        status: 200,
        body: {
          delivered: attempt.delivered,
          deliveryId: attempt.deliveryId,
          eventId: attempt.eventId,
          statusCode: attempt.statusCode,
          durationMs: attempt.durationMs,
        },
      };
    },
  }),
];
