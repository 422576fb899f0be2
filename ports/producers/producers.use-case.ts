import type { RecordRelationships } from '../authorization/record-relationships.use-case.ts';
import {
  APPOINTMENT_LIFECYCLE,
  APPOINTMENT_STATUSES,
  type Appointment,
  type AppointmentStatus,
  type Producer,
  type ProducerStatus,
} from '../../core/producers/producer.ts';
import { assertCalendarDate } from '../../core/shared/calendar-date.ts';
import { DomainError, notFound, validationFailed } from '../../core/shared/domain-error.ts';
import { moveBetween, transition } from '../../core/shared/lifecycle.ts';
import { US_STATES, type LineOfBusiness } from '../../core/shared/reference-data.ts';
import type { Among, Page, PageRequest } from '../shared/persistence/page.ts';
import type { GroupedWrite } from '../shared/persistence/collection-store.port.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { AppointmentRepository, ProducerChanges, ProducerRepository } from './producer.repositories.ts';

export interface ProducersDeps {
  readonly producers: ProducerRepository;
  readonly appointments: AppointmentRepository;
  readonly relationships: RecordRelationships;
  readonly ids: IdGenerator;
  readonly clock: Clock;
}

const assertState = (state: string, field: string) => {
  if (!(US_STATES as readonly string[]).includes(state)) throw validationFailed(field, 'enum', `'${state}' is not a two-letter US state code.`);
};

export class Producers {
  private readonly deps: ProducersDeps;

  constructor(deps: ProducersDeps) {
    this.deps = deps;
  }

  /**
   * Sign-up's producer record, pending until identity verification names it: its relationship
   * is recorded first (a tuple naming a producer that is never written grants nothing), its
   * record is a write of the sign-up's group.
   */
  async registration(orgId: string, user: { id: string; name: string; email: string }): Promise<{ producer: Producer; writes: GroupedWrite[] }> {
    const now = this.deps.clock.now(orgId);
    const producer: Producer = {
      id: this.deps.ids.next('prd'),
      orgId,
      userId: user.id,
      name: user.name,
      email: user.email,
      status: 'pending',
      license: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.deps.relationships.producer(producer);
    return { producer, writes: [this.deps.producers.insertWrite(producer)] };
  }

  async get(orgId: string, id: string): Promise<Producer> {
    const producer = await this.deps.producers.findById(orgId, id);
    if (!producer) throw notFound('Producer');
    return producer;
  }

  list(orgId: string, filters: { status?: ProducerStatus; q?: string } & Among, page: PageRequest): Promise<Page<Producer>> {
    return this.deps.producers.list(orgId, filters, page);
  }

  async update(orgId: string, id: string, changes: ProducerChanges): Promise<Producer> {
    if (changes.license) {
      assertState(changes.license.state, 'license.state');
      assertCalendarDate(changes.license.expiresOn, 'license.expiresOn');
    }
    const updated = await this.deps.producers.update(orgId, id, changes, this.deps.clock.now(orgId));
    if (!updated) throw notFound('Producer');
    return updated;
  }

  async appointments(orgId: string, producerId: string): Promise<Appointment[]> {
    await this.get(orgId, producerId);
    return this.deps.appointments.list(orgId, producerId);
  }

  async appoint(orgId: string, producerId: string, input: { state: string; lineOfBusiness: LineOfBusiness }): Promise<Appointment> {
    await this.get(orgId, producerId);
    assertState(input.state, 'state');
    const existing = await this.deps.appointments.list(orgId, producerId);
    if (existing.some((a) => a.state === input.state && a.lineOfBusiness === input.lineOfBusiness && a.status !== 'terminated')) {
      throw new DomainError('duplicate', 'The producer already holds this appointment.');
    }
    const now = this.deps.clock.now(orgId);
    const appointment: Appointment = { id: this.deps.ids.next('apt'), orgId, producerId, ...input, status: 'pending', createdAt: now, updatedAt: now };
    await this.deps.appointments.insert(appointment);
    return appointment;
  }

  async moveAppointment(orgId: string, producerId: string, id: string, to: AppointmentStatus): Promise<Appointment> {
    if (!APPOINTMENT_STATUSES.includes(to)) throw validationFailed('status', 'enum');
    const current = await this.deps.appointments.findById(orgId, producerId, id);
    if (!current) throw notFound('Appointment');
    const move = moveBetween(APPOINTMENT_LIFECYCLE, current.status, to);
    if (!move) throw new DomainError('invalid_transition', `An appointment cannot move from ${current.status} to ${to}.`, { status: current.status, to });
    const moved = await this.deps.appointments.move(orgId, producerId, id, transition(APPOINTMENT_LIFECYCLE, move), this.deps.clock.now(orgId));
    if (!moved) throw new DomainError('conflict', 'The appointment changed meanwhile; retry.');
    return moved;
  }
}
