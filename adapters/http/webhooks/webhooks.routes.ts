import { Type, type Static } from '@sinclair/typebox';
import { EVENT_TYPES } from '../../../core/shared/events/event-catalog.ts';
import { DELIVERY_ERRORS, type WebhookDelivery, type WebhookSubscription } from '../../../core/webhooks/subscription.ts';
import type { Webhooks } from '../../../ports/webhooks/webhooks.use-case.ts';
import { IdParams, ListQuery, LongText, OneOf, OrgIdQuery, pageOf, Timestamp } from '../shared/common.schemas.ts';
import { mapPage } from '../../../ports/shared/persistence/page.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';
import { isoInstant } from '../../../core/shared/iso-instant.ts';

/** Never the signing secret: it is shown once, when the subscription is created. */
const viewSubscription = (subscription: WebhookSubscription): Static<typeof SubscriptionSchema> => ({
  id: subscription.id,
  url: subscription.url,
  events: [...subscription.events],
  description: subscription.description,
  active: subscription.active,
  createdAt: isoInstant(subscription.createdAt),
  deactivatedAt: subscription.deactivatedAt ? isoInstant(subscription.deactivatedAt) : null,
});

const viewDelivery = (delivery: WebhookDelivery): Static<typeof DeliverySchema> => ({
  deliveryId: delivery.deliveryId,
  event: delivery.event,
  eventId: delivery.eventId,
  statusCode: delivery.statusCode,
  durationMs: delivery.durationMs,
  error: delivery.error,
  createdAt: isoInstant(delivery.createdAt),
});

const SubscriptionSchema = Type.Object(
  {
    id: Type.String(),
    url: Type.String(),
    events: Type.Array(Type.String()),
    description: Type.String(),
    active: Type.Boolean(),
    createdAt: Timestamp(),
    deactivatedAt: Type.Union([Timestamp(), Type.Null()]),
  },
  { $id: 'WebhookSubscription', description: 'A webhook subscription: where events are posted, and which.' },
);

const DeliveryErrorSchema = OneOf(DELIVERY_ERRORS, {
  description:
    '`timeout` (no answer in 10 s), `connection_failed` (no connection, or an address the service does not call), `tls_failed` (certificate or handshake), `http_status` (answered outside 2xx).',
});

const DeliverySchema = Type.Object(
  {
    deliveryId: Type.String({ format: 'uuid' }),
    event: Type.String(),
    eventId: Type.String(),
    statusCode: Type.Union([Type.Integer(), Type.Null()]),
    durationMs: Type.Integer(),
    error: Type.Union([DeliveryErrorSchema, Type.Null()]),
    createdAt: Timestamp(),
  },
  { $id: 'WebhookDelivery', description: 'One delivery attempt of an event to a subscription.' },
);

const Scoped = Type.Object(OrgIdQuery);

export const webhookRoutes = (webhooks: Webhooks): RouteDefinition[] => [
  defineRoute({
    method: 'POST',
    path: '/v1/webhooks',
    operationId: 'createWebhook',
    summary: 'Subscribe a callback URL to events; the signing secret is shown only in this answer.',
    description: `Event types: ${Object.keys(EVENT_TYPES).join(', ')}. Outside local, URLs must be HTTPS and resolve to public addresses.`,
    tags: ['webhooks'],
    permission: 'webhooks:write',
    body: Type.Object(
      {
        url: Type.String({ minLength: 1, maxLength: 2000 }),
        events: Type.Array(Type.String(), { minItems: 1, maxItems: 50 }),
        description: Type.Optional(LongText({ maxLength: 500 })),
        ...OrgIdQuery,
      },
      { additionalProperties: false },
    ),
    responses: {
      201: {
        description:
          'Created, with `secret` (64 hex characters: the key of `X-Service-Signature`) and `signingSecret` (the same 32 bytes as `whsec_` + base64, the key Standard Webhooks verifiers take for `webhook-signature`).',
        schema: Type.Composite([SubscriptionSchema, Type.Object({ secret: Type.String(), signingSecret: Type.String({ pattern: '^whsec_' }) })], {
          $id: 'CreatedWebhookSubscription',
          description: 'A new subscription with its secrets, shown only in this answer.',
        }),
      },
    },
    handler: async (context) => {
      const { orgId, ...input } = context.body;
      const created = await webhooks.create(orgScope(context, orgId), input);
      const signingSecret = `whsec_${Buffer.from(created.secret, 'hex').toString('base64')}`;
      return { status: 201, body: { ...viewSubscription(created), secret: created.secret, signingSecret }, headers: { 'Cache-Control': 'no-store' } };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/webhooks',
    operationId: 'listWebhooks',
    summary: 'Subscriptions, newest first, deleted ones included (`active: false`); never the secret.',
    tags: ['webhooks'],
    permission: 'webhooks:read',
    query: ListQuery,
    responses: { 200: { description: 'A page of subscriptions.', schema: pageOf(SubscriptionSchema) } },
    handler: async (context) => {
      const { orgId, ...page } = context.query;
      const result = await webhooks.list(orgScope(context, orgId), page);
      return { status: 200, body: mapPage(result, viewSubscription) };
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/v1/webhooks/:id',
    operationId: 'deleteWebhook',
    summary: 'Deactivate a subscription (soft delete).',
    tags: ['webhooks'],
    permission: 'webhooks:write',
    params: IdParams,
    query: Scoped,
    responses: { 204: { description: 'Deactivated.' } },
    handler: async (context) => {
      await webhooks.remove(orgScope(context, context.query.orgId), context.params.id);
      return { status: 204 };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/webhooks/:id/test',
    operationId: 'testWebhook',
    summary: 'Send a signed `webhook.test` event now and report the outcome.',
    tags: ['webhooks'],
    permission: 'webhooks:write',
    params: IdParams,
    query: Scoped,
    errors: ['webhook_inactive'],
    responses: {
      200: {
        description: 'The attempt.',
        schema: Type.Object(
          {
            delivered: Type.Boolean(),
            statusCode: Type.Union([Type.Integer(), Type.Null()]),
            durationMs: Type.Integer(),
            error: Type.Optional(DeliveryErrorSchema),
            deliveryId: Type.String(),
          },
          { $id: 'WebhookTestResult', description: 'What a test delivery got back.' },
        ),
      },
    },
    handler: async (context) => {
      const attempt = await webhooks.test(orgScope(context, context.query.orgId), context.params.id);
      return {
        status: 200,
        body: {
          delivered: attempt.delivered,
          statusCode: attempt.statusCode,
          durationMs: attempt.durationMs,
          deliveryId: attempt.deliveryId,
          ...(attempt.error ? { error: attempt.error } : {}),
        },
      };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/webhooks/:id/deliveries',
    operationId: 'listWebhookDeliveries',
    summary: 'Delivery attempts of a subscription, newest first, to reconcile against.',
    tags: ['webhooks'],
    permission: 'webhooks:read',
    params: IdParams,
    query: ListQuery,
    responses: { 200: { description: 'A page of attempts.', schema: pageOf(DeliverySchema) } },
    handler: async (context) => {
      const { orgId, ...page } = context.query;
      const result = await webhooks.deliveries(orgScope(context, orgId), context.params.id, page);
      return { status: 200, body: mapPage(result, viewDelivery) };
    },
  }),
];
