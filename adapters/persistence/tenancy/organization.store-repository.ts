import type { Organization } from '../../../core/tenancy/organization.ts';
import type { Collection, CollectionStore, GroupedWrite } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { Page, PageRequest } from '../../../ports/shared/persistence/page.ts';
import type { OrganizationChanges, OrganizationRepository } from '../../../ports/tenancy/organization.repository.ts';
import { findPage } from '../shared/cursor-page.ts';
import { definedFields, fromDocument, toDocument, type DocumentOf } from '../shared/document-mapping.ts';

const COLLECTION = 'organizations';
type OrganizationDocument = DocumentOf<Organization>;

/** Organizations are the tenants themselves: their id is their organization. */
export class OrganizationStoreRepository implements OrganizationRepository {
  private readonly organizations: Collection<OrganizationDocument>;

  private constructor(store: CollectionStore) {
    this.organizations = store.collection<OrganizationDocument>(COLLECTION);
  }

  static async create(store: CollectionStore): Promise<OrganizationStoreRepository> {
    await store.ensureIndexes(COLLECTION, [{ name: 'allowed_domains', keys: { allowedDomains: 1 } }]);
    return new OrganizationStoreRepository(store);
  }

  insertWrite(organization: Organization): GroupedWrite {
    return { collection: COLLECTION, insertOne: toDocument(organization) };
  }

  async findById(id: string): Promise<Organization | null> {
    const document = await this.organizations.findOne({ _id: id });
    return document ? fromDocument<Organization>(document) : null;
  }

  async withAllowedDomain(domain: string): Promise<Organization[]> {
    return (await this.organizations.find({ allowedDomains: domain }, { limit: 10 })).map((document) => fromDocument<Organization>(document));
  }

  list(page: PageRequest): Promise<Page<Organization>> {
    return findPage(this.organizations, {}, page, (row) => fromDocument<Organization>(row));
  }

  updateWrite(id: string, changes: OrganizationChanges, at: Date): GroupedWrite {
    const update = { $set: { ...definedFields(changes), updatedAt: at } };
    return { collection: COLLECTION, updateOne: { filter: { _id: id }, update, required: true, guard: 'organization_gone' } };
  }
}
