import type { Appointment, AppointmentStatus, License, Producer, ProducerStatus } from '../../core/producers/producer.ts';
import type { Transition } from '../../core/shared/lifecycle.ts';
import type { GroupedWrite } from '../shared/persistence/collection-store.port.ts';
import type { Among, Page, PageRequest } from '../shared/persistence/page.ts';

/** What a producer's profile update may change. */
export interface ProducerChanges {
  readonly name?: string;
  readonly license?: License | null;
  readonly birthMonth?: number | null;
}

export interface ProducerRepository {
  /** A new producer, for the write that creates it. */
  insertWrite(producer: Producer): GroupedWrite;
  findById(orgId: string, id: string): Promise<Producer | null>;
  /** The producer record of a user account, if it has one. */
  findByUserId(orgId: string, userId: string): Promise<Producer | null>;
  list(orgId: string, filters: { status?: ProducerStatus; q?: string } & Among, page: PageRequest): Promise<Page<Producer>>;
  update(orgId: string, id: string, changes: ProducerChanges, at: Date): Promise<Producer | null>;
  /**
   * Identity verification names a producer by id alone (the provider knows no tenant), so this
   * one write is not scoped by organization; it only moves a pending producer to active.
   */
  activateVerified(id: string, at: Date): Promise<Producer | null>;
  /** A producer by id alone, for the same reason. */
  findVerified(id: string): Promise<Producer | null>;
}

export interface AppointmentRepository {
  insert(appointment: Appointment): Promise<void>;
  findById(orgId: string, producerId: string, id: string): Promise<Appointment | null>;
  list(orgId: string, producerId: string): Promise<Appointment[]>;
  /** Makes a lifecycle move; null when the appointment was no longer in one of `step.from`. */
  move(orgId: string, producerId: string, id: string, step: Transition<AppointmentStatus>, at: Date): Promise<Appointment | null>;
}
