import { parseObject, type RelationshipTuple } from '../../core/authorization/relationship-tuple.ts';
import { actsAcrossOrganizations, type Principal } from '../../core/shared/access/principal.ts';
import type { Role } from '../../core/shared/access/roles.ts';
import { DomainError, notFound } from '../../core/shared/domain-error.ts';
import type { AuthorizationGraph } from './authorization-graph.port.ts';
import { firstAnswer } from '../shared/first-answer.ts';

/** The records whose visibility the graph decides, as its types name them. */
const RECORD_TYPES = ['submission', 'policy', 'invoice', 'commission', 'producer', 'document', 'claim'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];
export type RecordRelation = 'viewer' | 'editor';

/** Roles that are relations of the organization in the model; a producer's reach is its own relationships. */
const ORGANIZATION_ROLES: readonly Role[] = [
  'org_admin',
  'underwriter',
  'finance_analyst',
  'compliance_officer',
  'billing_admin',
  'claims_supervisor',
  'claims_adjuster',
  'auditor',
  'mhcis_operator',
];

interface Subject {
  /** What the caller's reach of the whole book depends on: its kind and role, nothing stored. */
  readonly standing: string;
  readonly user: string;
  /** The caller's role in the organization, true for this request only. */
  readonly contextualTuples: readonly RelationshipTuple[];
}

const userSubject = (userId: string, role: Role | null, orgId: string): Subject => {
  const user = `user:${userId}`;
  const roles = role !== null && ORGANIZATION_ROLES.includes(role) ? [{ object: `organization:${orgId}`, relation: role, user }] : [];
  return { standing: `role:${role ?? 'none'}`, user, contextualTuples: roles };
};

/**
 * The caller as the graph knows it, as every subject that must reach a record; null for the
 * platform's own callers, who act on every organization. An API key is two: the integration it
 * is, and its creator as the creator stands now, so a key never reaches a record its creator
 * could not (a demoted administrator's keys lose the book with it).
 */
const subjectsOf = (principal: Principal, orgId: string): readonly Subject[] | null => {
  if (actsAcrossOrganizations(principal)) return null;
  switch (principal.kind) {
    case 'user':
      return [userSubject(principal.userId, principal.role, orgId)];
    case 'api_key': {
      const key = `api_key:${principal.keyId}`;
      const integration = { standing: 'api_key', user: key, contextualTuples: [{ object: `organization:${orgId}`, relation: 'integration', user: key }] };
      // A platform operator's key stands for the platform, which acts on every organization.
      if (principal.creator.role === 'superadmin') return [integration];
      return [integration, userSubject(principal.creator.userId, principal.creator.role, orgId)];
    }
    case 'policyholder':
      return [{ standing: 'policyholder', user: `user:insured_${principal.policyId}`, contextualTuples: [] }];
    default:
      return null;
  }
};

/**
 * Records that are parts of another and reach it through their own field, not through stored
 * relationships: an invoice belongs to its policy. Given with each check, they cost no writes
 * (a year of monthly policies would otherwise store a relationship per installment).
 */
export interface RecordParts {
  /** The part's relationships to its whole (`invoice:…#policy@policy:…`); null when the organization has no such record. */
  wholeOf(orgId: string, type: RecordType, id: string): Promise<RelationshipTuple[] | null>;
}

/** The parts every context contributed, as one: the first that knows the record's type answers. */
export const everyPart = (contributed: readonly RecordParts[]): RecordParts => ({
  // An empty answer is "not my type of record"; null is "no such record", which answers.
  wholeOf: (orgId, type, id) =>
    firstAnswer(
      contributed,
      (parts) => parts.wholeOf(orgId, type, id),
      (whole) => whole === null || whole.length > 0,
      [],
    ),
});

const PART_TYPES: ReadonlySet<RecordType> = new Set(['invoice']);

/** The 404 of a record the organization does not have, as every repository says it. */
const missing = (type: RecordType) => notFound(type.charAt(0).toUpperCase() + type.slice(1));

/**
 * The organization's relation that reaches every record of a type: its staff read, its writers
 * change; claims are worked by claims staff, an adjuster only on the claims assigned to it.
 */
const bookRelation = (type: RecordType, relation: RecordRelation): string => (type === 'claim' ? 'claims_staff' : relation === 'editor' ? 'writer' : 'staff');

/**
 * Which records a caller may see and change, decided by the authorization graph: staff of the
 * organization reach its whole book; anyone else (producers, policyholders) reaches the records
 * related to them. A record of the organization the caller may not reach is 403; one the
 * organization does not have is 404, as for any other organization.
 */
export class RecordAccess {
  private readonly graph: AuthorizationGraph;
  private readonly parts: RecordParts;
  private readonly bookReach = new Map<string, Promise<boolean>>();

  constructor(graph: AuthorizationGraph, parts: RecordParts) {
    this.graph = graph;
    this.parts = parts;
  }

  async assert(principal: Principal, orgId: string, type: RecordType, id: string, relation: RecordRelation): Promise<void> {
    for (const subject of subjectsOf(principal, orgId) ?? []) await this.assertFor(subject, orgId, type, id, relation);
  }

  private async assertFor(subject: Subject, orgId: string, type: RecordType, id: string, relation: RecordRelation): Promise<void> {
    if (await this.reachesBook(orgId, subject, bookRelation(type, relation))) return;
    const object = `${type}:${id}`;
    // An id no record can have (a `:` or `#` in it) names nothing, for the graph as for the store.
    if (!parseObject(object)) throw missing(type);
    // A part of another record (an invoice of its policy) brings that relationship with the check.
    const whole = PART_TYPES.has(type) ? await this.parts.wholeOf(orgId, type, id) : [];
    if (whole === null) throw missing(type);
    const contextualTuples = [...subject.contextualTuples, ...whole];
    if (await this.graph.check(orgId, { object, relation, user: subject.user, contextualTuples })) return;
    if (whole.length > 0 || (await this.graph.knows(orgId, object))) {
      throw new DomainError('forbidden', `This ${type} is not one of yours: it belongs to other business of the organization.`);
    }
    throw missing(type);
  }

  /**
   * Whether the caller holds a relation on its organization (underwriting authority): the
   * platform's callers hold every one; users by their role or a relationship granted them.
   */
  async holds(principal: Principal, orgId: string, relation: string): Promise<boolean> {
    for (const subject of subjectsOf(principal, orgId) ?? []) {
      const held = await this.graph.check(orgId, { object: `organization:${orgId}`, relation, user: subject.user, contextualTuples: subject.contextualTuples });
      if (!held) return false;
    }
    return true;
  }

  /** Whether the caller works the organization's whole book of a type (staff), as against the records related to it. */
  async reachesAll(principal: Principal, orgId: string, type: RecordType): Promise<boolean> {
    for (const subject of subjectsOf(principal, orgId) ?? []) if (!(await this.reachesBook(orgId, subject, bookRelation(type, 'viewer')))) return false;
    return true;
  }

  /** The ids of the records of a type the caller reaches (what every one of its subjects reaches); null when it reaches all of them. */
  async visibleIds(principal: Principal, orgId: string, type: RecordType, relation: RecordRelation = 'viewer'): Promise<string[] | null> {
    let visible: string[] | null = null;
    for (const subject of subjectsOf(principal, orgId) ?? []) {
      if (await this.reachesBook(orgId, subject, bookRelation(type, relation))) continue;
      const objects = await this.graph.listObjects(orgId, { type, relation, user: subject.user, contextualTuples: subject.contextualTuples });
      const ids = objects.map((object) => object.slice(type.length + 1));
      const earlier: ReadonlySet<string> | null = visible === null ? null : new Set(visible);
      visible = earlier === null ? ids : ids.filter((id) => earlier.has(id));
    }
    return visible;
  }

  /**
   * Whether the caller works the whole book. The organization's role relations are only ever given
   * with the request (from the credential), so the graph's answer depends on the caller's standing
   * alone: it is asked once per standing and relation, then remembered for the process.
   */
  private reachesBook(orgId: string, subject: Subject, book: string): Promise<boolean> {
    const key = `${subject.standing}|${book}`;
    let known = this.bookReach.get(key);
    if (!known) {
      known = this.graph.check(orgId, {
        object: `organization:${orgId}`,
        relation: book,
        user: subject.user,
        contextualTuples: subject.contextualTuples,
      });
      // A failed answer is not remembered: the next request asks again.
      known.catch(() => this.bookReach.delete(key));
      this.bookReach.set(key, known);
    }
    return known;
  }
}
