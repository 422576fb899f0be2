import { PRODUCER_LIFECYCLE, type Appointment, type AppointmentStatus, type Producer, type ProducerStatus } from '../../../core/producers/producer.ts';
import { transition, type Transition } from '../../../core/shared/lifecycle.ts';
import type { CollectionStore, Filter, GroupedWrite } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { Among, Page, PageRequest } from '../../../ports/shared/persistence/page.ts';
import type { AppointmentRepository, ProducerChanges, ProducerRepository } from '../../../ports/producers/producer.repositories.ts';
import { definedFields, type RecordFields } from '../shared/document-mapping.ts';
import { RecordCollection } from '../shared/record-collection.ts';
import { guardedMove, moveFilter, moveUpdate } from '../shared/guarded-move.ts';

const PRODUCER_FIELDS: RecordFields<Producer> = {
  id: true,
  orgId: true,
  userId: true,
  name: true,
  email: true,
  status: true,
  license: true,
  birthMonth: true,
  createdAt: true,
  updatedAt: true,
};
const APPOINTMENT_FIELDS: RecordFields<Appointment> = {
  id: true,
  orgId: true,
  producerId: true,
  state: true,
  lineOfBusiness: true,
  status: true,
  createdAt: true,
  updatedAt: true,
};

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class ProducerStoreRepository implements ProducerRepository {
  private readonly records: RecordCollection<Producer>;

  private constructor(records: RecordCollection<Producer>) {
    this.records = records;
  }

  static async create(store: CollectionStore): Promise<ProducerStoreRepository> {
    return new ProducerStoreRepository(
      await RecordCollection.open<Producer>(store, 'producers', PRODUCER_FIELDS, [
        { name: 'org_status', keys: { orgId: 1, status: 1, _id: -1 } },
        { name: 'org_user', keys: { orgId: 1, userId: 1 } },
      ]),
    );
  }

  insertWrite(producer: Producer): GroupedWrite {
    return this.records.insertion(producer);
  }

  findById(orgId: string, id: string): Promise<Producer | null> {
    return this.records.findById(orgId, id);
  }

  async findByUserId(orgId: string, userId: string): Promise<Producer | null> {
    const [producer] = await this.records.findAll(orgId, { userId });
    return producer ?? null;
  }

  list(orgId: string, filters: { status?: ProducerStatus; q?: string } & Among, page: PageRequest): Promise<Page<Producer>> {
    const filter: Filter = {};
    if (filters.status) filter.status = filters.status;
    if (filters.q) {
      const pattern = { $regex: escapeRegex(filters.q), $options: 'i' };
      filter.$or = [{ name: pattern }, { email: pattern }, { 'license.number': pattern }];
    }
    return this.records.page(orgId, filter, page, filters.among);
  }

  update(orgId: string, id: string, changes: ProducerChanges, at: Date): Promise<Producer | null> {
    return this.records.update(orgId, id, {}, { $set: { ...definedFields(changes), updatedAt: at } });
  }

  async activateVerified(id: string, at: Date): Promise<Producer | null> {
    // Identity providers name the producer only: the one move not scoped by an organization.
    const step = transition(PRODUCER_LIFECYCLE, 'verify_identity');
    const document = await this.records.raw.findOneAndUpdate(moveFilter(step, { where: { _id: id } }), moveUpdate(step, { at }), { returnDocument: 'after' });
    return document ? this.records.fromStored(document) : null;
  }

  async findVerified(id: string): Promise<Producer | null> {
    const document = await this.records.raw.findOne({ _id: id, status: 'active' });
    return document ? this.records.fromStored(document) : null;
  }
}

export class AppointmentStoreRepository implements AppointmentRepository {
  private readonly records: RecordCollection<Appointment>;

  private constructor(records: RecordCollection<Appointment>) {
    this.records = records;
  }

  static async create(store: CollectionStore): Promise<AppointmentStoreRepository> {
    return new AppointmentStoreRepository(
      await RecordCollection.open<Appointment>(store, 'appointments', APPOINTMENT_FIELDS, [{ name: 'org_producer', keys: { orgId: 1, producerId: 1 } }]),
    );
  }

  insert(appointment: Appointment): Promise<void> {
    return this.records.insert(appointment);
  }

  findById(orgId: string, producerId: string, id: string): Promise<Appointment | null> {
    return this.records.findOne(orgId, { _id: id, producerId });
  }

  list(orgId: string, producerId: string): Promise<Appointment[]> {
    return this.records.findAll(orgId, { producerId });
  }

  move(orgId: string, producerId: string, id: string, step: Transition<AppointmentStatus>, at: Date): Promise<Appointment | null> {
    return guardedMove(this.records, orgId, id, step, { where: { producerId }, at });
  }
}
