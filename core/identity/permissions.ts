/** Permissions are `resource:action`; API key scopes use the same names. */
export const PERMISSIONS = [
  'organizations:read',
  'organizations:write',
  'users:read',
  'users:write',
  'api-keys:read',
  'api-keys:write',
  'submissions:read',
  'submissions:write',
  'policies:read',
  'policies:write',
  'claims:read',
  'claims:write',
  'claims:approve',
  'invoices:read',
  'invoices:write',
  'documents:read',
  'documents:write',
  'coi:generate',
  'producers:read',
  'producers:write',
  'deal-rooms:read',
  'deal-rooms:write',
  'referrals:read',
  'referrals:write',
  'flags:read',
  'flags:write',
  'analytics:read',
  'webhooks:read',
  'webhooks:write',
  'esign:read',
  'esign:write',
  'programs:read',
  'programs:write',
  'ledger:read',
  'audit:read',
  'jobs:run',
  'portal:read',
  'portal:write',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/**
 * Scopes an API key may carry: tenant business permissions, never credential or platform
 * administration nor the policyholder portal. Written out, so a new permission is no scope until listed.
 */
export const API_KEY_SCOPES: readonly Permission[] = [
  'users:read', 'submissions:read', 'submissions:write', 'policies:read', 'policies:write', 'claims:read', 'claims:write',
  'claims:approve', 'invoices:read', 'invoices:write', 'documents:read', 'documents:write', 'coi:generate', 'producers:read',
  'producers:write', 'deal-rooms:read', 'deal-rooms:write', 'referrals:read', 'referrals:write', 'flags:read', 'flags:write',
  'analytics:read', 'webhooks:read', 'webhooks:write', 'esign:read', 'esign:write', 'programs:read', 'programs:write',
  'ledger:read', 'audit:read',
];

export const isPermission = (value: string): value is Permission => (PERMISSIONS as readonly string[]).includes(value);

