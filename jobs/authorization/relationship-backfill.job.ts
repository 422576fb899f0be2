import type { RelationshipBackfill } from '../../adapters/persistence/authorization/relationship-backfill.ts';
import type { JobDefinition } from '../../ports/platform/job-definition.port.ts';

/** Writes the relationships of records that predate the authorization graph; a no-op once done. */
export const relationshipBackfillJob = (backfill: Pick<RelationshipBackfill, 'run'>): JobDefinition => ({
  name: 'relationship-backfill',
  every: '1 minute',
  run: async () => {
    await backfill.run();
  },
});
