import {
  assertCertifiable,
  certificateNumberFor,
  certificateOf,
  mcs90Of,
  type CertificateOfInsurance,
  type HolderAddress,
  type PostalAddress,
} from '../../core/documents/certificate.ts';
import type { AtomicWrite } from '../shared/persistence/atomic-write.port.ts';
import type { PolicyDocuments } from './policy-documents.use-case.ts';
import type { StoredDocumentRecord } from '../../core/documents/stored-document.ts';
import { describeActor, type Principal } from '../../core/shared/access/principal.ts';
import type { Policy } from '../../core/policy/policy.ts';
import { today, yearOf } from '../../core/shared/calendar-date.ts';
import { DomainError, notFound } from '../../core/shared/domain-error.ts';
import type { PolicyRepository } from './policy.repositories.ts';
import type { ProducerRepository } from '../producers/producer.repositories.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { OrganizationRepository } from '../tenancy/organization.repository.ts';
import type { SequenceGenerator } from '../shared/sequence-generator.port.ts';
import type { Programs } from '../underwriting/programs.use-case.ts';
import type { DocumentLibrary, LinkedDocument } from '../documents/document-library.use-case.ts';
import type { FormDrawing } from '../documents/form-drawing.port.ts';

export interface CertificatesDeps {
  readonly policies: Pick<PolicyRepository, 'findById'>;
  readonly organizations: Pick<OrganizationRepository, 'findById'>;
  readonly producers: Pick<ProducerRepository, 'findById'>;
  /** The insurer a certificate names is the one of the program version the policy was written under. */
  readonly programs: Pick<Programs, 'program'>;
  readonly sequences: SequenceGenerator;
  readonly drawing: FormDrawing;
  readonly library: DocumentLibrary;
  readonly audit: AuditTrail;
  readonly clock: Clock;
  /** Each certificate listed with the policy's documents, by its holder. */
  readonly policyDocuments: Pick<PolicyDocuments, 'issuedWrite'>;
  readonly atomic: AtomicWrite;
}

export interface CertificateRequest {
  readonly policyId: string;
  readonly certificateHolder: { readonly name: string; readonly address: HolderAddress };
  /** The holder (`true`) or a named party as additional insured: it must be scheduled on the policy (422 `not_additional_insured`). */
  readonly additionalInsured?: string | boolean;
  readonly description?: string;
}

/** A certificate's request where the holder (the insured itself) may have no address on file. */
type InsuredHolderRequest = Omit<CertificateRequest, 'certificateHolder'> & {
  readonly certificateHolder: { readonly name: string; readonly address: HolderAddress | null };
};

/** Certificates of insurance and MCS-90 endorsements, drawn from the policy as it stands today. */
export class Certificates {
  private readonly deps: CertificatesDeps;

  constructor(deps: CertificatesDeps) {
    this.deps = deps;
  }

  private async policyOf(orgId: string, policyId: string) {
    const policy = await this.deps.policies.findById(orgId, policyId);
    if (!policy) throw notFound('Policy');
    return policy;
  }

  /** A new certificate, numbered per organization, stored and linked to its policy. */
  async generate(actor: Principal, orgId: string, request: CertificateRequest): Promise<LinkedDocument> {
    const policy = await this.policyOf(orgId, request.policyId);
    const { document, content } = await this.issue(actor, policy, request, null);
    // Drawn and stored first (the bytes a record points at exist); then listed with the policy's documents, with its audit entry.
    await this.deps.atomic.commit([
      this.deps.policyDocuments.issuedWrite(
        policy,
        'coi',
        {
          kind: 'coi',
          policyNumber: policy.policyNumber,
          certificateNumber: content.certificateNumber,
          holder: content.holder.name,
          additionalInsured: content.coverage.additionalInsured,
          subrogationWaived: content.coverage.subrogationWaived,
        },
        { documentId: document.id, sha256: document.sha256, issuedAt: document.createdAt },
      ),
      this.deps.audit.recordWrite(
        actor,
        orgId,
        'coi.generated',
        { type: 'policy', id: policy.id },
        {
          documentId: document.id,
          certificateNumber: document.certificateNumber ?? null,
          holder: request.certificateHolder.name,
          additionalInsured: request.additionalInsured ?? null,
        },
      ),
    ]);
    return { document, link: this.deps.library.linkTo(document) };
  }

  /**
   * The insured's own evidence of insurance (the portal's download): the insured as holder, drawn
   * once for each version of the policy and kept, so asking again neither redraws nor renumbers.
   */
  async forInsured(actor: Principal, orgId: string, policyId: string, address: PostalAddress | null): Promise<LinkedDocument> {
    const policy = await this.policyOf(orgId, policyId);
    const storageKey = `docs/${orgId}/coi/insured-${policy.id}-v${policy.version}.pdf`;
    const kept = await this.deps.library.findByStorageKey(orgId, storageKey);
    const document =
      kept ?? (await this.issue(actor, policy, { policyId, certificateHolder: { name: policy.risk.insuredName, address } }, storageKey)).document;
    return { document, link: this.deps.library.linkTo(document) };
  }

  private async issue(
    actor: Principal,
    policy: Policy,
    request: InsuredHolderRequest,
    storageKey: string | null,
  ): Promise<{ document: StoredDocumentRecord; content: CertificateOfInsurance }> {
    const orgId = policy.orgId;
    const issuedOn = today(this.deps.clock.now(orgId));
    assertCertifiable(policy, issuedOn);
    const [organization, producer] = await Promise.all([
      this.deps.organizations.findById(orgId),
      policy.producerId ? this.deps.producers.findById(orgId, policy.producerId) : null,
    ]);
    const certificateNumber = certificateNumberFor(yearOf(issuedOn), await this.deps.sequences.next(orgId, `coi:${yearOf(issuedOn)}`));
    const content = certificateOf({
      certificateNumber,
      dateIssued: issuedOn,
      policy,
      agency: organization?.name ?? orgId,
      producerName: producer?.name ?? null,
      insurer: (await this.deps.programs.program(policy.orgId, policy.programId, policy.programVersion)).insurer,
      holder: request.certificateHolder,
      ...(request.additionalInsured !== undefined && request.additionalInsured !== false ? { additionalInsured: request.additionalInsured } : {}),
      ...(request.description ? { description: request.description } : {}),
    });
    const document = await this.deps.library.store(orgId, {
      type: 'coi',
      storageKey: storageKey ?? `docs/${orgId}/coi/${certificateNumber}.pdf`,
      filename: `${certificateNumber}.pdf`,
      contentType: 'application/pdf',
      content: await this.deps.drawing.certificate(orgId, content),
      about: { policyId: policy.id },
      certificateNumber,
      createdBy: describeActor(actor),
    });
    return { document, content };
  }

  /**
   * The policy's MCS-90, drawn on first request for each version of the policy and kept: asking
   * again returns the same document until the policy changes.
   */
  async mcs90(orgId: string, policyId: string): Promise<LinkedDocument> {
    const policy = await this.policyOf(orgId, policyId);
    const issuedOn = today(this.deps.clock.now(orgId));
    const endorsement = mcs90Of(policy, (await this.deps.programs.program(policy.orgId, policy.programId, policy.programVersion)).insurer, issuedOn);
    if (!endorsement) {
      throw new DomainError(
        'not_found',
        `Policy ${policy.policyNumber} is a ${policy.risk.lineOfBusiness} policy: an MCS-90 exists for motor carrier (AUTO) policies only.`,
      );
    }
    assertCertifiable(policy, issuedOn);
    const storageKey = `docs/${orgId}/mcs90/${policy.id}-v${policy.version}.pdf`;
    const kept = await this.deps.library.findByStorageKey(orgId, storageKey);
    if (kept) return { document: kept, link: this.deps.library.linkTo(kept) };
    const document = await this.deps.library.store(orgId, {
      type: 'mcs90',
      storageKey,
      filename: `MCS-90-${policy.policyNumber}.pdf`,
      contentType: 'application/pdf',
      content: await this.deps.drawing.mcs90(orgId, endorsement),
      about: { policyId: policy.id },
    });
    return { document, link: this.deps.library.linkTo(document) };
  }
}
