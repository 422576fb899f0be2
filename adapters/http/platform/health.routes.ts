import { Type } from '@sinclair/typebox';
import { DomainError } from '../../../core/shared/domain-error.ts';
import type { CollectionStore } from '../../../ports/shared/persistence/collection-store.port.ts';
import { definePublicRoute, type RouteDefinition } from '../shared/route.ts';

const Status = Type.Object({ status: Type.String() });

export const healthRoutes = (store: CollectionStore): RouteDefinition[] => [
  definePublicRoute({
    method: 'GET',
    path: '/health',
    operationId: 'health',
    summary: 'Liveness: the process answers.',
    tags: ['operations'],
    rateClass: 'none',
    responses: { 200: { description: 'Alive.', schema: Status } },
    handler: async () => ({ status: 200, body: { status: 'ok' } }),
  }),
  definePublicRoute({
    method: 'GET',
    path: '/ready',
    operationId: 'ready',
    summary: 'Readiness: the store answers.',
    tags: ['operations'],
    rateClass: 'none',
    responses: { 200: { description: 'Ready.', schema: Status }, 503: { description: 'The store does not answer.' } },
    handler: async () => {
      try {
        await store.ping();
      } catch {
        throw new DomainError('service_unavailable', 'The store does not answer.');
      }
      return { status: 200, body: { status: 'ready' } };
    },
  }),
];

export const openApiRoute = (document: () => unknown): RouteDefinition =>
  definePublicRoute({
    method: 'GET',
    path: '/openapi.json',
    operationId: 'openapi',
    summary: 'This OpenAPI 3.1 description, generated from the schemas that validate requests.',
    tags: ['operations'],
    responses: { 200: { description: 'The OpenAPI document.' } },
    handler: async () => ({ status: 200, body: document() }),
  });
