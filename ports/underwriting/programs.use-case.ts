import type { Principal } from '../../core/shared/access/principal.ts';
import { DomainError, changedMeanwhile, notFound } from '../../core/shared/domain-error.ts';
import { programForRisk, type DaProgram, type ProgramStatus } from '../../core/underwriting/delegated-authority.ts';
import { checkedProgramTerms, type ProgramTerms } from '../../core/underwriting/program-terms.ts';
import type { CompleteRisk } from '../../core/underwriting/submission.ts';
import type { Page, PageRequest } from '../shared/persistence/page.ts';
import type { AtomicWrite } from '../shared/persistence/atomic-write.port.ts';
import { RequiredWriteUnmatched, type GroupedWrite } from '../shared/persistence/collection-store.port.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { UnderwritingReferenceData } from './reference-data.port.ts';

/** An organization's program as stored: its terms now, and when they were set. */
export interface StoredProgram extends DaProgram {
  readonly orgId: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface ProgramRepository {
  /** A new program, for the write that creates it. */
  insertWrite(program: StoredProgram): GroupedWrite;
  /** The program's terms now. */
  findById(orgId: string, id: string): Promise<StoredProgram | null>;
  /** The terms as they were at a version (the current one included). */
  atVersion(orgId: string, id: string, version: number): Promise<StoredProgram | null>;
  /** Every program of the organization, oldest first. */
  forOrganization(orgId: string): Promise<StoredProgram[]>;
  page(orgId: string, filter: { status?: ProgramStatus }, request: PageRequest): Promise<Page<StoredProgram>>;
  /**
   * Keeps the current terms as their version and replaces them, for one write: guard
   * `program_changed` fails it when the program is no longer at `current.version`.
   */
  replaceWrites(current: StoredProgram, next: StoredProgram): GroupedWrite[];
}

export interface ProgramsDeps {
  readonly reference: UnderwritingReferenceData;
  readonly programs: ProgramRepository;
  readonly audit: AuditTrail;
  readonly atomic: AtomicWrite;
  readonly ids: IdGenerator;
  readonly clock: Clock;
}

type Risk = Pick<CompleteRisk, 'state' | 'lineOfBusiness'>;

/**
 * The delegated-authority programs: the platform's own from fixtures/ and each organization's,
 * set by the platform operator. Quotes and policies name the program and version they were
 * written under; a change of terms applies to what is written after it.
 */
export class Programs {
  private readonly deps: ProgramsDeps;

  constructor(deps: ProgramsDeps) {
    this.deps = deps;
  }

  /** The program a new risk of the organization is written under (programForRisk); the platform default when it has none. */
  async forRisk(orgId: string, risk: Risk): Promise<DaProgram> {
    return programForRisk(await this.deps.programs.forOrganization(orgId), risk) ?? this.deps.reference.defaultProgram();
  }

  /** The program a quote or policy names, at the version it names (absent: now). Its absence is a broken record, not a 404. */
  async program(orgId: string, id: string, version?: number | null): Promise<DaProgram> {
    const platform = this.deps.reference.platformProgram(id);
    if (platform) return platform;
    const program = version ? await this.deps.programs.atVersion(orgId, id, version) : await this.deps.programs.findById(orgId, id);
    if (!program) throw new Error(`Program ${id} v${version ?? 'current'} of ${orgId} is missing.`);
    return program;
  }

  /** One program as the organization sees it: its own, or a platform program; another organization's is 404. */
  async get(orgId: string, id: string): Promise<DaProgram> {
    const program = this.deps.reference.platformProgram(id) ?? (await this.deps.programs.findById(orgId, id));
    if (!program) throw notFound('Program');
    return program;
  }

  list(orgId: string, filter: { status?: ProgramStatus }, request: PageRequest): Promise<Page<StoredProgram>> {
    return this.deps.programs.page(orgId, filter, request);
  }

  async create(actor: Principal, orgId: string, terms: ProgramTerms): Promise<StoredProgram> {
    const now = this.deps.clock.now(orgId);
    const program: StoredProgram = { ...this.checked(terms), id: this.deps.ids.next('prg'), orgId, version: 1, createdAt: now, updatedAt: now };
    await this.deps.atomic.commit([
      this.deps.programs.insertWrite(program),
      this.deps.audit.recordWrite(actor, orgId, 'program.created', { type: 'program', id: program.id }, { after: { ...terms, version: 1 } }),
    ]);
    return program;
  }

  /** Changes some terms; a concurrent change of the same program is 409, to retry on the new terms. */
  async update(actor: Principal, orgId: string, id: string, change: Partial<ProgramTerms>): Promise<StoredProgram> {
    if (this.deps.reference.platformProgram(id)) {
      throw new DomainError('forbidden', 'Platform programs are part of the release (fixtures/programs); create a program for the organization instead.');
    }
    const current = await this.deps.programs.findById(orgId, id);
    if (!current) throw notFound('Program');
    const { id: _id, orgId: _org, version, createdAt, updatedAt: _updated, ...terms } = current;
    const next: StoredProgram = {
      ...this.checked({ ...terms, ...change }),
      id,
      orgId,
      version: version + 1,
      createdAt,
      updatedAt: this.deps.clock.now(orgId),
    };
    const before = Object.fromEntries(Object.keys(change).map((key) => [key, terms[key as keyof ProgramTerms]]));
    try {
      await this.deps.atomic.commit([
        ...this.deps.programs.replaceWrites(current, next),
        this.deps.audit.recordWrite(actor, orgId, 'program.updated', { type: 'program', id }, { version: next.version, before, after: change }),
      ]);
    } catch (error) {
      if (error instanceof RequiredWriteUnmatched) throw changedMeanwhile('program');
      throw error;
    }
    return next;
  }

  private checked(terms: ProgramTerms): ProgramTerms {
    return checkedProgramTerms(
      terms,
      this.deps.reference.rateManual().map((version) => version.version),
    );
  }
}
