import { CLAIM_FIELDS } from '../adapters/persistence/claims/claim-fields.ts';
import { POLICY_FIELDS } from '../adapters/persistence/policy/policy-fields.ts';
import { storedRecords } from '../adapters/persistence/shared/stored-records.ts';
import type { PortfolioSources } from '../ports/analytics/portfolio-days.repository.ts';
import type { CollectionStore } from '../ports/shared/persistence/collection-store.port.ts';

/** The stored policies and claims of every organization, as the portfolio's kept days are counted from. */
export const portfolioSources = (store: CollectionStore): PortfolioSources => ({
  policies: () => storedRecords(store, 'policies', POLICY_FIELDS),
  claims: () => storedRecords(store, 'claims', CLAIM_FIELDS),
});
