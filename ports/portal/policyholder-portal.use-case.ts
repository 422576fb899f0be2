import { isCollectible, type Invoice } from '../../core/billing/invoice.ts';
import type { Claim } from '../../core/claims/claim.ts';
import type { PostalAddress } from '../../core/documents/certificate.ts';
import { invoiceTemplateData } from './invoice-template-data.ts';
import type { Principal } from '../../core/shared/access/principal.ts';
import { assertE164, MAX_PUSH_TOKENS, type InsuredProfile, type PushPlatform, type PushToken } from '../../core/portal/insured-profile.ts';
import type { Policy } from '../../core/policy/policy.ts';
import { DomainError, notFound } from '../../core/shared/domain-error.ts';
import type { InvoiceRepository } from '../billing/invoice.repository.ts';
import type { ClaimRepository } from '../claims/claim.repository.ts';
import type { DocumentLibrary, LinkedDocument } from '../documents/document-library.use-case.ts';
import type { PdfRendering } from '../documents/pdf-rendering.use-case.ts';
import type { Page, PageRequest } from '../shared/persistence/page.ts';
import type { FeatureFlags } from '../flags/feature-flags.use-case.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { Certificates } from '../policy/certificates.use-case.ts';
import type { InsuredProfileRepository, PushTokenRepository } from './insured-profile.repository.ts';
import type { PolicyRepository } from '../policy/policy.repositories.ts';

/** Terms followed back and forward from the signed-in one: more than any policy will have. */
const MAX_TERMS = 50;

export interface PolicyholderPortalDeps {
  readonly policies: Pick<PolicyRepository, 'findById'>;
  readonly invoices: Pick<InvoiceRepository, 'findById' | 'list'>;
  readonly claims: Pick<ClaimRepository, 'list'>;
  readonly library: DocumentLibrary;
  readonly certificates: Certificates;
  readonly rendering: PdfRendering;
  readonly profiles: InsuredProfileRepository;
  readonly pushTokens: PushTokenRepository;
  readonly audit: AuditTrail;
  readonly clock: Clock;
  readonly flags: Pick<FeatureFlags, 'value'>;
}

/** Who is signed in to the portal: a policyholder token names one policy of one organization. */
export type Insured = Extract<Principal, { kind: 'policyholder' }>;

export interface PortalProfile {
  readonly policyNumber: string;
  readonly insuredName: string;
  readonly email: string | null;
  readonly phone: string | null;
  readonly address: PostalAddress | null;
  /** Where the insured may write for help (flag `portal_support_email`). */
  readonly supportEmail: string | null;
}

export interface PortalHome {
  readonly insuredName: string;
  readonly policies: readonly Policy[];
  readonly amountDue: number;
  readonly nextInvoice: Invoice | null;
  readonly openClaims: readonly Claim[];
  readonly recentDocuments: readonly LinkedDocument[];
}

/** The insured is the first term's policy: every renewal shares its profile and devices. */
const insuredIdOf = (terms: readonly Policy[]): string => (terms[0] as Policy).id;

const termOf = (terms: readonly Policy[], policyId: string): Policy => {
  const policy = terms.find((term) => term.id === policyId);
  if (!policy) throw notFound('Policy');
  return policy;
};

/**
 * The policyholder portal: the signed-in insured's own policy and its other terms (renewals and
 * the terms it renewed), their invoices, claims and documents, downloads as signed links, and the
 * insured's contact details and devices. Anything else answers as absent.
 */
export class PolicyholderPortal {
  private readonly deps: PolicyholderPortalDeps;

  constructor(deps: PolicyholderPortalDeps) {
    this.deps = deps;
  }

  /** Every term of the insured's policy, oldest first. */
  async terms(insured: Insured): Promise<Policy[]> {
    const signedIn = await this.deps.policies.findById(insured.orgId, insured.policyId);
    if (!signedIn) throw notFound('Policy');
    const earlier = await this.follow(insured.orgId, signedIn, (term) => term.renewalOf);
    const later = await this.follow(insured.orgId, signedIn, (term) => term.renewedBy);
    return [...earlier.reverse(), signedIn, ...later];
  }

  /** The terms reached from `from` by `next`, nearest first. */
  private async follow(orgId: string, from: Policy, next: (term: Policy) => string | null): Promise<Policy[]> {
    const found: Policy[] = [];
    for (let id = next(from); id && found.length < MAX_TERMS;) {
      const term = await this.deps.policies.findById(orgId, id);
      if (!term) break;
      found.push(term);
      id = next(term);
    }
    return found;
  }

  async policy(insured: Insured, policyId: string): Promise<Policy> {
    return termOf(await this.terms(insured), policyId);
  }

  async home(insured: Insured): Promise<PortalHome> {
    const terms = await this.terms(insured);
    const ids = terms.map((term) => term.id);
    const invoices = (await this.deps.invoices.list(insured.orgId, { policyIds: ids }, { limit: 200 })).data;
    const open = invoices.filter((invoice) => isCollectible(invoice) && invoice.amount > invoice.paidAmount).sort((a, b) => a.dueDate.localeCompare(b.dueDate));
    const claims = (await Promise.all(ids.map((policyId) => this.deps.claims.list(insured.orgId, { policyId }, { limit: 50 })))).flatMap((page) => page.data);
    return {
      insuredName: (terms.at(-1) as Policy).risk.insuredName,
      policies: terms,
      amountDue: open.reduce((sum, invoice) => sum + invoice.amount - invoice.paidAmount, 0),
      nextInvoice: open[0] ?? null,
      openClaims: claims.filter((claim) => claim.status !== 'closed'),
      recentDocuments: (await this.documents(insured, { limit: 5 })).data,
    };
  }

  async invoices(insured: Insured, page: PageRequest): Promise<Page<Invoice>> {
    const ids = (await this.terms(insured)).map((term) => term.id);
    return this.deps.invoices.list(insured.orgId, { policyIds: ids }, page);
  }

  async invoice(insured: Insured, invoiceId: string): Promise<Invoice> {
    return this.invoiceAmong(await this.terms(insured), insured, invoiceId);
  }

  private async invoiceAmong(terms: readonly Policy[], insured: Insured, invoiceId: string): Promise<Invoice> {
    const invoice = await this.deps.invoices.findById(insured.orgId, invoiceId);
    if (!invoice || !terms.some((term) => term.id === invoice.policyId)) throw notFound('Invoice');
    return invoice;
  }

  /** The invoice as a PDF, rendered once for each state it is in (amount paid, status). */
  async invoicePdf(insured: Insured, invoiceId: string): Promise<LinkedDocument> {
    const terms = await this.terms(insured);
    const invoice = await this.invoiceAmong(terms, insured, invoiceId);
    const policy = termOf(terms, invoice.policyId);
    const profile = await this.profileOf(insured, terms);
    const data = invoiceTemplateData(invoice, policy, profile?.address ?? null);
    return this.deps.rendering.render(
      insured,
      insured.orgId,
      { template: 'invoice', data, filename: `${invoice.invoiceNumber}.pdf` },
      {
        storageKey: `docs/${insured.orgId}/invoices/${invoice.id}-${invoice.status}-${invoice.paidAmount}.pdf`,
        about: { policyId: policy.id },
      },
    );
  }

  async documents(insured: Insured, page: PageRequest): Promise<Page<LinkedDocument>> {
    const ids = (await this.terms(insured)).map((term) => term.id);
    return this.deps.library.list(insured.orgId, { policyIds: ids }, page);
  }

  async document(insured: Insured, documentId: string): Promise<LinkedDocument> {
    const { document, link } = await this.deps.library.describe(insured.orgId, documentId);
    if (!document.policyId || !(await this.terms(insured)).some((term) => term.id === document.policyId)) throw notFound('Document');
    return { document, link };
  }

  async certificate(insured: Insured, policyId: string): Promise<LinkedDocument> {
    const terms = await this.terms(insured);
    const policy = termOf(terms, policyId);
    return this.deps.certificates.forInsured(insured, insured.orgId, policy.id, (await this.profileOf(insured, terms))?.address ?? null);
  }

  async mcs90(insured: Insured, policyId: string): Promise<LinkedDocument> {
    const policy = await this.policy(insured, policyId);
    return this.deps.certificates.mcs90(insured.orgId, policy.id);
  }

  async profile(insured: Insured): Promise<PortalProfile> {
    const terms = await this.terms(insured);
    const current = terms.at(-1) as Policy;
    const profile = await this.profileOf(insured, terms);
    const support = String(await this.deps.flags.value(insured.orgId, 'portal_support_email'));
    return {
      policyNumber: current.policyNumber,
      insuredName: current.risk.insuredName,
      email: current.contactEmail,
      phone: profile?.phone ?? null,
      address: profile?.address ?? null,
      supportEmail: support === '' ? null : support,
    };
  }

  async updateProfile(insured: Insured, changes: { phone?: string; address?: PostalAddress }): Promise<PortalProfile> {
    if (changes.phone === undefined && changes.address === undefined) {
      throw new DomainError('validation_failed', "Send 'phone', 'address' or both.", { field: 'body', rule: 'minProperties' });
    }
    const insuredId = insuredIdOf(await this.terms(insured));
    const before = await this.deps.profiles.find(insured.orgId, insuredId);
    const after: InsuredProfile = {
      id: insuredId,
      orgId: insured.orgId,
      phone: changes.phone !== undefined ? assertE164(changes.phone) : (before?.phone ?? null),
      address: changes.address ?? before?.address ?? null,
      updatedAt: this.deps.clock.now(insured.orgId),
    };
    await this.deps.profiles.save(after);
    await this.deps.audit.record(
      insured,
      insured.orgId,
      'insured.profile_updated',
      { type: 'policy', id: insuredId },
      {
        before: { phone: before?.phone ?? null, address: before?.address ?? null },
        after: { phone: after.phone, address: after.address },
      },
    );
    return this.profile(insured);
  }

  async registerPushToken(insured: Insured, token: string, platform: PushPlatform): Promise<PushToken> {
    return this.deps.pushTokens.register(
      { orgId: insured.orgId, insuredId: insuredIdOf(await this.terms(insured)), token, platform },
      this.deps.clock.now(),
      MAX_PUSH_TOKENS,
    );
  }

  private profileOf(insured: Insured, terms: readonly Policy[]): Promise<InsuredProfile | null> {
    return this.deps.profiles.find(insured.orgId, insuredIdOf(terms));
  }
}
