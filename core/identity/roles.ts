import type { Permission } from './permissions.ts';

export const ROLES = [
  'superadmin',
  'org_admin',
  'mhcis_operator',
  'finance_analyst',
  'compliance_officer',
  'underwriter',
  'producer',
  'claims_adjuster',
  'claims_supervisor',
  'billing_admin',
  'auditor',
  'policyholder',
] as const;

export type Role = (typeof ROLES)[number];

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/**
 * The permission table: what each role may do inside its organization (superadmin: everywhere).
 * Every list is written out, so a new permission is granted to nobody until a line here says so.
 */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  superadmin: [
    'organizations:read', 'organizations:write', 'users:read', 'users:write', 'api-keys:read', 'api-keys:write',
    'submissions:read', 'submissions:write', 'policies:read', 'policies:write', 'claims:read', 'claims:write', 'claims:approve',
    'invoices:read', 'invoices:write', 'documents:read', 'documents:write', 'coi:generate', 'producers:read', 'producers:write',
    'deal-rooms:read', 'deal-rooms:write', 'referrals:read', 'referrals:write', 'flags:read', 'flags:write', 'analytics:read',
    'webhooks:read', 'webhooks:write', 'esign:read', 'esign:write', 'programs:read', 'programs:write', 'ledger:read', 'audit:read',
    'jobs:run',
  ],
  org_admin: [
    'users:read', 'users:write', 'api-keys:read', 'api-keys:write',
    'submissions:read', 'submissions:write', 'policies:read', 'policies:write', 'claims:read', 'claims:write', 'claims:approve',
    'invoices:read', 'invoices:write', 'documents:read', 'documents:write', 'coi:generate', 'producers:read', 'producers:write',
    'deal-rooms:read', 'deal-rooms:write', 'referrals:read', 'referrals:write', 'flags:read', 'flags:write', 'analytics:read',
    'webhooks:read', 'webhooks:write', 'esign:read', 'esign:write', 'programs:read', 'programs:write', 'ledger:read', 'audit:read',
  ],
  mhcis_operator: [
    'organizations:read', 'users:read', 'api-keys:read', 'api-keys:write',
    'programs:read', 'programs:write', 'audit:read', 'flags:read', 'analytics:read',
  ],
  finance_analyst: ['ledger:read', 'invoices:read', 'policies:read', 'analytics:read', 'producers:read'],
  compliance_officer: ['producers:read', 'producers:write', 'policies:read', 'audit:read', 'analytics:read', 'programs:read'],
  underwriter: [
    'submissions:read', 'submissions:write', 'policies:read', 'policies:write', 'producers:read',
    'documents:read', 'documents:write', 'coi:generate', 'deal-rooms:read', 'deal-rooms:write',
    'referrals:read', 'referrals:write', 'programs:read', 'analytics:read', 'esign:read', 'esign:write',
  ],
  producer: [
    'submissions:read', 'submissions:write', 'policies:read', 'invoices:read', 'documents:read',
    'coi:generate', 'producers:read', 'deal-rooms:read', 'deal-rooms:write', 'referrals:read', 'referrals:write',
  ],
  claims_adjuster: ['claims:read', 'claims:write', 'policies:read', 'documents:read', 'documents:write'],
  claims_supervisor: ['claims:read', 'claims:write', 'claims:approve', 'policies:read', 'documents:read', 'documents:write'],
  billing_admin: ['invoices:read', 'invoices:write', 'policies:read', 'analytics:read', 'ledger:read', 'esign:read', 'esign:write'],
  auditor: [
    'users:read', 'api-keys:read', 'submissions:read', 'policies:read', 'claims:read', 'invoices:read', 'documents:read',
    'producers:read', 'deal-rooms:read', 'referrals:read', 'flags:read', 'analytics:read', 'webhooks:read', 'esign:read',
    'programs:read', 'ledger:read', 'audit:read',
  ],
  policyholder: ['portal:read', 'portal:write'],
};

export const roleAllows = (role: Role, permission: Permission): boolean => ROLE_PERMISSIONS[role].includes(permission);

/** Roles whose holders act across organizations; only the platform may grant them. */
export const PLATFORM_ROLES: readonly Role[] = ['superadmin', 'mhcis_operator'];
