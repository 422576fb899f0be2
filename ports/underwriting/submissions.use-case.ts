import type { RecordRelationships } from '../authorization/record-relationships.use-case.ts';
import { describeActor, type Principal } from '../../core/shared/access/principal.ts';
import { today } from '../../core/shared/calendar-date.ts';
import { DomainError, notFound, validationFailed } from '../../core/shared/domain-error.ts';
import { assertValidLosses, assertValidRisk } from '../../core/underwriting/risk-validation.ts';
import { isComplete, type PriorLoss, type RiskDetails, type Submission } from '../../core/underwriting/submission.ts';
import { triage } from '../../core/underwriting/triage.ts';
import type { FormFields } from '../../core/documents/form-fields.ts';
import { fromAcord125, type Extraction } from '../../core/underwriting/acord125.ts';
import type { StoredDocumentRecord } from '../../core/documents/stored-document.ts';
import type { FormReader } from '../documents/form-reader.port.ts';
import type { StagedFile } from '../documents/staged-file.port.ts';
import type { Page, PageRequest } from '../shared/persistence/page.ts';
import type { ProducerRepository } from '../producers/producer.repositories.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { UnderwritingReferenceData } from './reference-data.port.ts';
import type { SubmissionFilters, SubmissionRepository } from './underwriting.repositories.ts';

interface NewSubmission extends RiskDetails {
  readonly contactEmail?: string;
  readonly producerId?: string;
  readonly description?: string;
  readonly priorLosses?: readonly PriorLoss[];
}

/** The largest stored document read as an application: the size of an ACORD upload. */
const MAX_APPLICATION_BYTES = 10 * 1024 * 1024;

/** Stored documents, as the intake reads them. */
interface StoredDocuments {
  get(orgId: string, id: string): Promise<StoredDocumentRecord>;
  read(orgId: string, id: string): Promise<{ readonly bytes: Uint8Array }>;
}

export interface SubmissionsDeps {
  readonly submissions: SubmissionRepository;
  readonly forms: FormReader;
  readonly documents: StoredDocuments;
  readonly reference: UnderwritingReferenceData;
  readonly producers: ProducerRepository;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly relationships: RecordRelationships;
}

export class Submissions {
  private readonly deps: SubmissionsDeps;

  constructor(deps: SubmissionsDeps) {
    this.deps = deps;
  }

  /** Stores a submission with its triage; an upload that could not read every field stays `incomplete`. */
  async create(actor: Principal, orgId: string, input: NewSubmission, source: Submission['source']): Promise<Submission> {
    assertValidRisk(input);
    const priorLosses = input.priorLosses ?? [];
    assertValidLosses(priorLosses);
    const producerId = await this.producerOf(actor, orgId, input.producerId);
    if (producerId) {
      // The producer's commission follows the policy, so it must be one of this organization's producers.
      const producer = await this.deps.producers.findById(orgId, producerId);
      if (!producer || producer.status === 'suspended')
        throw validationFailed('producerId', 'exists', 'No active or pending producer with this id in the organization.');
    }
    const now = this.deps.clock.now(orgId);
    const submission: Submission = {
      id: this.deps.ids.next('sub'),
      orgId,
      ...input,
      status: isComplete(input) ? 'received' : 'incomplete',
      contactEmail: input.contactEmail ?? null,
      producerId: producerId ?? null,
      description: input.description ?? null,
      priorLosses,
      triage: triage({ ...input, priorLosses }, this.deps.reference.appetite(), today(now)),
      source,
      createdBy: describeActor(actor),
      createdAt: now,
      updatedAt: now,
      version: 0,
    };
    await this.deps.relationships.submission(submission);
    await this.deps.submissions.insert(submission);
    return submission;
  }

  /** An ACORD 125 upload: what its form fields say becomes the submission; what they do not stays missing. */
  async createFromAcord125(actor: Principal, orgId: string, document: StagedFile): Promise<{ submission: Submission; extraction: Extraction }> {
    return this.fromForm(actor, orgId, await this.deps.forms.read(orgId, document));
  }

  /**
   * A stored document the ingestion classified as an ACORD application, read through the same
   * intake as an upload; any other document is refused.
   */
  async createFromDocument(actor: Principal, orgId: string, documentId: string): Promise<{ submission: Submission; extraction: Extraction }> {
    const stored = await this.deps.documents.get(orgId, documentId);
    const type = stored.classification?.type ?? null;
    if (type !== 'acord_125')
      throw new DomainError(
        'not_an_application',
        `The document is ${type ? `classified \`${type}\`` : 'not classified'}; only an ACORD application becomes a submission.`,
        {
          documentId,
          type,
        },
      );
    if (stored.size > MAX_APPLICATION_BYTES)
      throw new DomainError('payload_too_large', `An application is read up to ${MAX_APPLICATION_BYTES} bytes.`, { limitBytes: MAX_APPLICATION_BYTES });
    const { bytes } = await this.deps.documents.read(orgId, documentId);
    return this.fromForm(actor, orgId, await this.deps.forms.readStored(orgId, bytes));
  }

  private async fromForm(actor: Principal, orgId: string, form: FormFields): Promise<{ submission: Submission; extraction: Extraction }> {
    const { risk, contactEmail, description, extraction } = fromAcord125(form);
    const submission = await this.create(
      actor,
      orgId,
      { ...risk, ...(contactEmail ? { contactEmail } : {}), ...(description ? { description } : {}) },
      'acord125',
    );
    return { submission, extraction };
  }

  /**
   * The producer a submission is written for: a producer submits its own business (named or not),
   * never another's; staff name the producer, if any.
   */
  private async producerOf(actor: Principal, orgId: string, named: string | undefined): Promise<string | undefined> {
    if (actor.kind !== 'user' || actor.role !== 'producer') return named;
    const own = await this.deps.producers.findByUserId(orgId, actor.userId);
    if (!own) throw new DomainError('forbidden', 'This account is not a producer of the organization.');
    if (named && named !== own.id) throw new DomainError('forbidden', 'A producer submits its own business only.', { producerId: own.id });
    return own.id;
  }

  async get(orgId: string, id: string): Promise<Submission> {
    const submission = await this.deps.submissions.findById(orgId, id);
    if (!submission) throw notFound('Submission');
    return submission;
  }

  list(orgId: string, filters: SubmissionFilters, page: PageRequest): Promise<Page<Submission>> {
    return this.deps.submissions.list(orgId, filters, page);
  }
}
