import type { Invoice } from '../../core/billing/invoice.ts';
import { cents } from '../../core/shared/money.ts';
import { cancellationNoticeMail, printedDollars, type CancellationNotice } from '../../core/documents/cancellation-notice.ts';
import type { Delinquency, NoticePeriod } from '../../core/policy/delinquency.ts';
import type { Policy } from '../../core/policy/policy.ts';
import type { DocumentLibrary } from '../documents/document-library.use-case.ts';
import type { FormDrawing } from '../documents/form-drawing.port.ts';
import type { ProducerRepository } from '../producers/producer.repositories.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { Mailer } from '../shared/mailer.port.ts';
import type { OrganizationRepository } from '../tenancy/organization.repository.ts';
import type { Programs } from '../underwriting/programs.use-case.ts';

export interface CancellationNoticeDeps {
  readonly drawing: Pick<FormDrawing, 'cancellationNotice'>;
  readonly library: Pick<DocumentLibrary, 'store' | 'findByStorageKey'>;
  readonly mailer: Mailer;
  readonly organizations: Pick<OrganizationRepository, 'findById'>;
  readonly producers: Pick<ProducerRepository, 'findById'>;
  readonly programs: Pick<Programs, 'program'>;
  readonly clock: Clock;
}

/**
 * Draws a policy's notice of cancellation for non-payment and keeps it with the policy's
 * documents (once per notice: drawing it again returns the kept one).
 */
export const drawNotice = async (
  deps: CancellationNoticeDeps,
  policy: Policy,
  delinquency: Delinquency,
  period: NoticePeriod & { homeState: string },
  pastDue: readonly Invoice[],
): Promise<{ notice: CancellationNotice; documentId: string; sha256: string }> => {
  const { orgId } = policy;
  const [organization, program] = await Promise.all([
    deps.organizations.findById(orgId),
    deps.programs.program(orgId, policy.programId, policy.programVersion),
  ]);
  const notice: CancellationNotice = {
    noticeOn: delinquency.noticeOn,
    cancelsOn: delinquency.cancelsOn,
    policyNumber: policy.policyNumber,
    insuredName: policy.risk.insuredName,
    agency: organization?.name ?? orgId,
    insurer: program.insurer,
    homeState: period.homeState,
    noticeDays: period.days,
    noticeSource: period.source,
    pastDue: printedDollars(delinquency.pastDue),
    lines: pastDue.map((invoice) => ({
      invoiceNumber: invoice.invoiceNumber,
      dueDate: invoice.dueDate,
      unpaid: printedDollars(cents(invoice.amount - invoice.paidAmount)),
    })),
  };
  const storageKey = `docs/${orgId}/notices/cancellation-${policy.id}-${delinquency.noticeOn}.pdf`;
  const kept = await deps.library.findByStorageKey(orgId, storageKey);
  const document =
    kept ??
    (await deps.library.store(orgId, {
      type: 'cancellation_notice',
      storageKey,
      filename: `Notice-of-cancellation-${policy.policyNumber}.pdf`,
      contentType: 'application/pdf',
      content: await deps.drawing.cancellationNotice(orgId, notice),
      about: { policyId: policy.id },
    }));
  return { notice, documentId: document.id, sha256: document.sha256 };
};

/** Mails a notice to the insured (the policy's contact) and the producer of record, whichever are known. */
export const mailNotice = async (deps: CancellationNoticeDeps, policy: Policy, notice: CancellationNotice): Promise<void> => {
  const producer = policy.producerId ? await deps.producers.findById(policy.orgId, policy.producerId) : null;
  const to = [policy.contactEmail, producer?.email].filter((address): address is string => Boolean(address));
  if (to.length > 0) await deps.mailer.send({ to, ...cancellationNoticeMail(notice), date: deps.clock.now(policy.orgId) });
};
