/**
 * Each context and the contexts it builds on (its upstreams). The graph has no circle
 * (test/architecture/context-homes.test.ts checks it, and that docs/architecture.md shows the same
 * table). A new dependency between contexts is a decision: add it here, with the reason in the doc.
 */
const UPSTREAM = {
  platform: [],
  audit: [],
  inbound: ['rate-limit'],
  tenancy: ['audit', 'platform'],
  'rate-limit': ['tenancy'],
  flags: ['audit'],
  authorization: ['audit', 'platform'],
  webhooks: ['platform', 'tenancy'],
  documents: ['audit', 'authorization'],
  producers: ['authorization', 'inbound'],
  identity: ['audit', 'producers', 'rate-limit', 'tenancy'],
  esign: ['audit', 'documents', 'inbound'],
  underwriting: ['audit', 'authorization', 'documents', 'producers'],
  billing: ['audit', 'authorization', 'documents', 'identity', 'inbound', 'platform', 'producers', 'underwriting'],
  policy: ['audit', 'authorization', 'billing', 'documents', 'platform', 'producers', 'tenancy', 'underwriting'],
  claims: ['audit', 'authorization', 'documents', 'flags', 'identity', 'policy', 'tenancy'],
  referrals: ['audit', 'authorization', 'claims', 'identity', 'policy', 'underwriting'],
  'deal-rooms': ['authorization', 'flags', 'identity', 'referrals', 'underwriting'],
  portal: ['audit', 'billing', 'claims', 'documents', 'flags', 'identity', 'policy', 'rate-limit'],
  analytics: ['billing', 'claims', 'policy', 'underwriting'],
  reports: ['audit', 'billing', 'claims', 'policy', 'underwriting'],
  compliance: ['analytics', 'platform', 'policy', 'producers', 'tenancy'],
};

module.exports = { UPSTREAM };
