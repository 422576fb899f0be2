import { CLAIM_FIELDS } from '../adapters/persistence/claims/claim-fields.ts';
import { POLICY_FIELDS } from '../adapters/persistence/policy/policy-fields.ts';
import { recordMapper, type DocumentOf, type RecordFields } from '../adapters/persistence/shared/document-mapping.ts';
import { storedRecords } from '../adapters/persistence/shared/stored-records.ts';
import type { PortfolioSources } from '../ports/analytics/portfolio-days.repository.ts';
import type { CollectionStore } from '../ports/shared/persistence/collection-store.port.ts';

const every = <T extends { id: string; orgId: string }>(store: CollectionStore, name: string, fields: RecordFields<T>): AsyncGenerator<T> => {
  const mapper = recordMapper(fields);
  return storedRecords(store.collection<DocumentOf<T>>(name), (document) => mapper.fromStored(document));
};

/** The stored policies and claims of every organization, as the portfolio's kept days are counted from. */
export const portfolioSources = (store: CollectionStore): PortfolioSources => ({
  policies: () => every(store, 'policies', POLICY_FIELDS),
  claims: () => every(store, 'claims', CLAIM_FIELDS),
});
