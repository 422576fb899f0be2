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

const PLATFORM_ONLY: readonly Permission[] = ['organizations:read', 'organizations:write', 'jobs:run'];
const CREDENTIAL_ADMIN: readonly Permission[] = ['api-keys:read', 'api-keys:write', 'users:write'];
const PORTAL: readonly Permission[] = ['portal:read', 'portal:write'];

/** Scopes an API key may carry: tenant business permissions, never credential or platform administration. */
export const API_KEY_SCOPES: readonly Permission[] = PERMISSIONS.filter(
  (p) => !PLATFORM_ONLY.includes(p) && !CREDENTIAL_ADMIN.includes(p) && !PORTAL.includes(p),
);

export const isPermission = (value: string): value is Permission => (PERMISSIONS as readonly string[]).includes(value);

export const READ_PERMISSIONS: readonly Permission[] = PERMISSIONS.filter((p) => p.endsWith(':read'));
