/** What each group of operations is for, as generators and the reference show it. */
export const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  operations: 'Health, readiness, metrics and this description.',
  audit: "The audit log of every write and of auditors' reads.",
  authentication: 'Tokens on the API origin: session exchange, demonstration tokens, policyholder sign-in.',
  users: "The organization's users and their roles.",
  'api-keys': 'API keys with scopes, acting for the person who created them.',
  platform: 'Organizations, for the platform operator.',
  submissions: 'Submissions from JSON or ACORD forms, triage, quotes and binding.',
  programs: 'Delegated-authority programs (binding authorities) per organization.',
  policies: 'Policies: endorsement, cancellation, reinstatement, renewal, premium and timeline.',
  claims: 'Claims from first notice of loss to close: reserves, settlements, attachments.',
  billing: 'Invoices, payments, refunds and the ledger.',
  documents: 'Certificates, ingested and rendered documents, signed download links.',
  portal: "The policyholder portal: the insured's own policies, invoices and documents.",
  flags: 'Feature flags with per-organization values.',
  esign: 'E-signature envelopes for stored documents.',
  webhooks: 'Outbound webhook subscriptions, deliveries and events.',
  producers: 'Producers, their licences and appointments.',
  'inbound-webhooks': "Providers' signed events: payments, identity verification, e-mail, e-signature.",
  'deal-rooms': 'Deal rooms per submission: participants, messages and a WebSocket.',
  referrals: 'Referrals that lift delegated-authority blocks when approved.',
  analytics: 'Portfolio, commission and delegated-authority figures.',
  jobs: 'Scheduled jobs, and running one at once.',
  'authentication-service': 'The authentication service: sign-up, sign-in, sessions, enterprise single sign-on.',
};

/**
 * The reference's sidebar, in the order a user meets the product: the main flow first (a
 * submission, its policy, its money), then what surrounds it, access and integration, and
 * operations last. A tag not placed here goes before operations.
 */
export const TAG_GROUPS: ReadonlyArray<{ readonly name: string; readonly tags: readonly string[] }> = [
  { name: 'Main flow', tags: ['submissions', 'policies', 'billing', 'claims'] },
  { name: 'Underwriting', tags: ['programs', 'referrals', 'deal-rooms', 'producers'] },
  { name: 'Documents', tags: ['documents', 'esign', 'portal'] },
  { name: 'Reporting', tags: ['analytics', 'audit'] },
  { name: 'Access', tags: ['authentication', 'authentication-service', 'users', 'api-keys'] },
  { name: 'Integration', tags: ['webhooks', 'inbound-webhooks', 'flags'] },
  { name: 'Operations', tags: ['platform', 'jobs', 'operations'] },
];

const PLACE = new Map(TAG_GROUPS.flatMap((group) => group.tags).map((tag, index) => [tag, index]));
/** An unplaced tag's place: after every group's but the last (operations). */
const UNPLACED = TAG_GROUPS.slice(0, -1).flatMap((group) => group.tags).length - 0.5;

/** Tags in the sidebar's order. */
export const inSidebarOrder = (tags: Iterable<string>): string[] => [...tags].sort((a, b) => (PLACE.get(a) ?? UNPLACED) - (PLACE.get(b) ?? UNPLACED));
