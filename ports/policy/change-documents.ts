import { changeOf, chargesBilled, type ChangeContent, type DocumentParties } from '../../core/policy/policy-documents.ts';
import { chargeTermsOf, type Policy } from '../../core/policy/policy.ts';
import type { FormReference } from '../../core/policy/forms.ts';
import type { CalendarDate } from '../../core/shared/calendar-date.ts';
import type { Cents } from '../../core/shared/money.ts';
import type { FeesAndTaxes } from '../../core/underwriting/charge-terms.ts';
import type { GroupedWrite } from '../shared/persistence/collection-store.port.ts';
import type { Programs } from '../underwriting/programs.use-case.ts';
import type { ProducerRepository } from '../producers/producer.repositories.ts';
import type { PolicyDocuments } from './policy-documents.use-case.ts';

interface DocumentDeps {
  readonly policyDocuments: Pick<PolicyDocuments, 'pendingWrite' | 'listed'>;
  readonly programs: Pick<Programs, 'program'>;
  readonly producers: Pick<ProducerRepository, 'findById'>;
}

/** Who a policy's documents name: the insurer of the term's program version and the producer of record. */
export const partiesOf = async (deps: DocumentDeps, policy: Policy): Promise<DocumentParties> => {
  const [program, producer] = await Promise.all([
    deps.programs.program(policy.orgId, policy.programId, policy.programVersion),
    policy.producerId ? deps.producers.findById(policy.orgId, policy.producerId) : null,
  ]);
  return { carrier: program.insurer, producer: producer?.name ?? null };
};

/** A change's document (an endorsement, a cancellation, a reinstatement), for the write of the transaction it records. */
export const changeDocumentWrite = async (
  deps: DocumentDeps,
  kind: ChangeContent['kind'],
  policy: Policy,
  transactionId: string,
  change: {
    readonly effectiveDate: CalendarDate;
    readonly changes: ChangeContent['changes'];
    readonly premiumChange: Cents;
    readonly charges: FeesAndTaxes;
    readonly formsAdded?: readonly FormReference[];
    readonly formsRemoved?: readonly FormReference[];
  },
): Promise<GroupedWrite> => {
  const names = new Map(chargeTermsOf(policy).components.map((component) => [component.code, component.name]));
  const content = changeOf(
    kind,
    policy,
    {
      ...change,
      billed: chargesBilled(change.charges, names),
      formsAdded: deps.policyDocuments.listed(change.formsAdded ?? []),
      formsRemoved: deps.policyDocuments.listed(change.formsRemoved ?? []),
    },
    await partiesOf(deps, policy),
  );
  return deps.policyDocuments.pendingWrite(policy, kind, transactionId, content, policy.forms ?? []);
};
