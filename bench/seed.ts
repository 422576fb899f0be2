// Writes an organization and N bound policies straight into a store, as a year of business would leave them.
import type { CollectionStore } from '../ports/shared/persistence/collection-store.port.ts';

export const BENCH_ORG = 'org_bench0000000000000000000000';

/** `producerOf(n)`: the producer the n-th policy is written for, if any. */
export const seedPolicies = async (store: CollectionStore, count: number, producerOf: (n: number) => string | null = () => null): Promise<void> => {
  const now = new Date();
  await store.collection('organizations').insertOne({
    _id: BENCH_ORG,
    name: 'Bench MGA',
    tier: 'enterprise',
    allowedDomains: ['bench.test'],
    rateLimitPerMinute: 1_000_000,
    createdAt: now,
    updatedAt: now,
  });
  const policies = store.collection('policies');
  const hex = (n: number) => n.toString(16).padStart(16, '0');
  for (let start = 0; start < count; start += 1000) {
    await Promise.all(
      Array.from({ length: Math.min(1000, count - start) }, (_, offset) => {
        const n = start + offset;
        return policies.insertOne({
          _id: `pol_000000000000${hex(n)}`,
          orgId: BENCH_ORG,
          policyNumber: `GL-2026-S${String(n).padStart(7, '0')}`,
          submissionId: `sub_seed${n}`,
          quoteId: null,
          risk: {
            insuredName: `Seeded ${n}`,
            naicsCode: '541511',
            annualRevenue: 100_000_000,
            requestedLimit: 100_000_000,
            effectiveDate: '2026-01-01',
            state: 'OH',
            lineOfBusiness: 'GL',
          },
          contactEmail: null,
          producerId: producerOf(n),
          grossPremium: 76_000,
          effectiveDate: '2026-01-01',
          expirationDate: '2027-01-01',
          status: 'active',
          installmentPlan: 'PIF',
          cancellation: null,
          renewalOf: null,
          renewedBy: null,
          programId: 'default',
          createdAt: now,
          updatedAt: now,
          version: 0,
          pendingEvents: [],
          hasPendingEvents: false,
        });
      }),
    );
  }
};
