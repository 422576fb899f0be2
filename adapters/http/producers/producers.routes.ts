import type { RecordAccess } from '../../../ports/authorization/record-access.use-case.ts';
import { visibleAmong } from '../shared/record-scope.ts';
import { Type, type Static } from '@sinclair/typebox';
import { APPOINTMENT_STATUSES, type Appointment, type Producer } from '../../../core/producers/producer.ts';
import { LINES_OF_BUSINESS, US_STATES } from '../../../core/shared/reference-data.ts';
import { mapPage } from '../../../ports/shared/persistence/page.ts';
import type { Producers } from '../../../ports/producers/producers.use-case.ts';
import { collectionOf, DateOnly, IdParams, OneOf, OrgIdQuery, pageOf, PageQuery, Text, Timestamp } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';
import { isoInstant } from '../../../core/shared/iso-instant.ts';

const License = Type.Object({ state: OneOf(US_STATES), number: Text({ minLength: 1, maxLength: 64 }), expiresOn: DateOnly }, { additionalProperties: false });
const BirthMonth = Type.Integer({
  minimum: 1,
  maximum: 12,
  description:
    "An individual's birth month, 1-12: Florida renews appointments in it every 24 months (Fla. Stat. § 626.381). Null for an agency (renewed in the month first appointed).",
});
const ProducerSchema = Type.Object(
  {
    id: Type.String(),
    userId: Type.Union([Type.String(), Type.Null()]),
    name: Type.String(),
    email: Type.String(),
    status: OneOf(['pending', 'active', 'suspended'] as const),
    license: Type.Union([License, Type.Null()]),
    birthMonth: Type.Union([BirthMonth, Type.Null()]),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
  },
  { $id: 'Producer', description: 'A producer (agent or broker) with licences and status.' },
);
const AppointmentSchema = Type.Object(
  {
    id: Type.String(),
    producerId: Type.String(),
    state: Type.String(),
    lineOfBusiness: Type.String(),
    status: OneOf(APPOINTMENT_STATUSES),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
  },
  { $id: 'Appointment', description: "A producer's appointment with a carrier in a state." },
);
const viewProducer = (producer: Producer): Static<typeof ProducerSchema> => ({
  id: producer.id,
  userId: producer.userId,
  name: producer.name,
  email: producer.email,
  status: producer.status,
  license: producer.license
    ? { state: producer.license.state as Static<typeof License>['state'], number: producer.license.number, expiresOn: producer.license.expiresOn }
    : null,
  birthMonth: producer.birthMonth ?? null,
  createdAt: isoInstant(producer.createdAt),
  updatedAt: isoInstant(producer.updatedAt),
});

const viewAppointment = (appointment: Appointment): Static<typeof AppointmentSchema> => ({
  id: appointment.id,
  producerId: appointment.producerId,
  state: appointment.state,
  lineOfBusiness: appointment.lineOfBusiness,
  status: appointment.status,
  createdAt: isoInstant(appointment.createdAt),
  updatedAt: isoInstant(appointment.updatedAt),
});

const Scoped = Type.Object(OrgIdQuery);
const AppointmentParams = Type.Object({ id: Type.String({ minLength: 1 }), apptId: Type.String({ minLength: 1 }) });

export const producerRoutes = (producers: Producers, records: RecordAccess): RouteDefinition[] => [
  defineRoute({
    method: 'GET',
    path: '/v1/producers',
    operationId: 'listProducers',
    summary: 'Producers, newest first; `q` searches name, e-mail and license number.',
    tags: ['producers'],
    permission: 'producers:read',
    query: Type.Object({
      ...PageQuery,
      ...OrgIdQuery,
      status: Type.Optional(OneOf(['pending', 'active', 'suspended'] as const)),
      q: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    }),
    responses: { 200: { description: 'A page of producers.', schema: pageOf(ProducerSchema) } },
    handler: async (context) => {
      const { orgId, status, q, ...page } = context.query;
      const scope = orgScope(context, orgId);
      const among = await visibleAmong(records, context, scope, 'producer');
      return {
        status: 200,
        body: mapPage(await producers.list(scope, { ...(status ? { status } : {}), ...(q ? { q } : {}), ...among }, page), viewProducer),
      };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/producers/:id',
    record: { type: 'producer', relation: 'viewer' },
    operationId: 'getProducer',
    summary: 'A producer with license information.',
    tags: ['producers'],
    permission: 'producers:read',
    params: IdParams,
    query: Scoped,
    responses: { 200: { description: 'The producer.', schema: ProducerSchema } },
    handler: async (context) => ({ status: 200, body: viewProducer(await producers.get(orgScope(context, context.query.orgId), context.params.id)) }),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/v1/producers/:id',
    record: { type: 'producer', relation: 'editor' },
    operationId: 'updateProducer',
    summary: 'Update the profile: name, license (state, number, expiry) and birth month.',
    tags: ['producers'],
    permission: 'producers:write',
    params: IdParams,
    query: Scoped,
    body: Type.Object(
      {
        name: Type.Optional(Text({ minLength: 1, maxLength: 200 })),
        license: Type.Optional(Type.Union([License, Type.Null()])),
        birthMonth: Type.Optional(Type.Union([BirthMonth, Type.Null()])),
      },
      { additionalProperties: false, minProperties: 1 },
    ),
    responses: { 200: { description: 'The producer.', schema: ProducerSchema } },
    handler: async (context) => ({
      status: 200,
      body: viewProducer(await producers.update(orgScope(context, context.query.orgId), context.params.id, context.body)),
    }),
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/producers/:id/appointments',
    record: { type: 'producer', relation: 'viewer' },
    operationId: 'listAppointments',
    summary: 'State and line-of-business appointments of a producer.',
    tags: ['producers'],
    permission: 'producers:read',
    params: IdParams,
    query: Scoped,
    responses: { 200: { description: 'The appointments.', schema: collectionOf(AppointmentSchema) } },
    handler: async (context) => ({
      status: 200,
      body: { data: (await producers.appointments(orgScope(context, context.query.orgId), context.params.id)).map(viewAppointment) },
    }),
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/producers/:id/appointments',
    record: { type: 'producer', relation: 'editor' },
    operationId: 'createAppointment',
    summary: 'Request an appointment for a state and line of business (starts `pending`).',
    tags: ['producers'],
    permission: 'producers:write',
    params: IdParams,
    query: Scoped,
    body: Type.Object({ state: OneOf(US_STATES), lineOfBusiness: OneOf(LINES_OF_BUSINESS) }, { additionalProperties: false }),
    errors: ['duplicate'],
    responses: { 201: { description: 'The appointment.', schema: AppointmentSchema } },
    handler: async (context) => ({
      status: 201,
      body: viewAppointment(await producers.appoint(orgScope(context, context.query.orgId), context.params.id, context.body)),
    }),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/v1/producers/:id/appointments/:apptId',
    record: { type: 'producer', relation: 'editor' },
    operationId: 'updateAppointment',
    summary: 'Move an appointment: pending -> active | terminated, active -> terminated.',
    tags: ['producers'],
    permission: 'producers:write',
    params: AppointmentParams,
    query: Scoped,
    body: Type.Object({ status: OneOf(APPOINTMENT_STATUSES) }, { additionalProperties: false }),
    errors: ['invalid_transition'],
    responses: { 200: { description: 'The appointment.', schema: AppointmentSchema } },
    handler: async (context) => ({
      status: 200,
      body: viewAppointment(
        await producers.moveAppointment(orgScope(context, context.query.orgId), context.params.id, context.params.apptId, context.body.status),
      ),
    }),
  }),
];
