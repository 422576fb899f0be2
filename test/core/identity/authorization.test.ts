import test from 'ava';
import { authorize, resolveOrganization } from '../../../core/shared/access/authorization.ts';
import { API_KEY_SCOPES, PERMISSIONS } from '../../../core/shared/access/permissions.ts';
import type { Principal } from '../../../core/shared/access/principal.ts';
import { ROLE_PERMISSIONS, ROLES, type Role } from '../../../core/shared/access/roles.ts';
import { signInAllowed, MAX_FAILED_SIGN_INS } from '../../../core/identity/sign-in-lockout.rules.ts';
import { codeOf } from '../../support/error-codes.ts';

const user = (role: Role, orgId = 'org_a'): Principal => ({ kind: 'user', userId: 'usr_1', orgId, role, via: 'jwt' });
test('every one of the 12 roles has a row in the permission table, made only of known permissions', (t) => {
  t.is(ROLES.length, 12);
  for (const role of ROLES)
    t.true(
      ROLE_PERMISSIONS[role].every((p) => PERMISSIONS.includes(p)),
      role,
    );
});

test('the permission table decides, role by role', (t) => {
  const table: Array<[Role, (typeof PERMISSIONS)[number], boolean]> = [
    ['superadmin', 'organizations:write', true],
    ['org_admin', 'organizations:write', false],
    ['org_admin', 'api-keys:write', true],
    ['underwriter', 'submissions:write', true],
    ['underwriter', 'claims:write', false],
    ['producer', 'policies:write', false],
    ['claims_adjuster', 'claims:approve', false],
    ['claims_supervisor', 'claims:approve', true],
    ['billing_admin', 'invoices:write', true],
    ['finance_analyst', 'ledger:read', true],
    ['finance_analyst', 'invoices:write', false],
    ['compliance_officer', 'producers:write', true],
    ['auditor', 'policies:read', true],
    ['auditor', 'policies:write', false],
    ['mhcis_operator', 'api-keys:write', true],
    ['policyholder', 'policies:read', false],
    ['policyholder', 'portal:read', true],
  ];
  for (const [role, permission, allowed] of table) {
    t.is(
      codeOf(() => authorize(user(role), permission)),
      allowed ? null : 'forbidden',
      `${role} ${permission}`,
    );
  }
});

test('API keys are limited to their scopes; scopes never include credential or platform administration', (t) => {
  const key: Principal = { kind: 'api_key', keyId: 'key_1', orgId: 'org_a', scopes: ['policies:read'], creator: { userId: 'usr_1', role: 'org_admin' } };
  t.is(
    codeOf(() => authorize(key, 'policies:read')),
    null,
  );
  t.is(
    codeOf(() => authorize(key, 'submissions:write')),
    'insufficient_scope',
  );
  for (const scope of ['organizations:write', 'api-keys:write', 'users:write', 'portal:read'] as const) t.false(API_KEY_SCOPES.includes(scope));
  t.true(API_KEY_SCOPES.includes('coi:generate'));
});

test('tenant-bound callers act on their own organization; naming another is not found', (t) => {
  t.is(resolveOrganization(user('org_admin'), undefined), 'org_a');
  t.is(resolveOrganization(user('org_admin'), 'org_a'), 'org_a');
  t.is(
    codeOf(() => resolveOrganization(user('org_admin'), 'org_b')),
    'not_found',
  );
  t.is(
    codeOf(() => resolveOrganization({ kind: 'machine' }, undefined)),
    'validation_failed',
  );
  t.is(resolveOrganization({ kind: 'machine' }, 'org_b'), 'org_b');
  t.is(resolveOrganization(user('superadmin', 'platform'), 'org_b'), 'org_b');
  t.is(
    codeOf(() => resolveOrganization(user('superadmin', 'platform'), undefined)),
    'validation_failed',
  );
  t.is(resolveOrganization(user('superadmin', 'org_a'), undefined), 'org_a');
});

test('sign-in lockout allows ten attempts per window', (t) => {
  t.is(MAX_FAILED_SIGN_INS, 10);
  t.true(signInAllowed(10));
  t.false(signInAllowed(11));
});

test('the permission tables are written out and keep their boundaries', (t) => {
  for (const [role, permissions] of Object.entries(ROLE_PERMISSIONS)) {
    t.is(new Set(permissions).size, permissions.length, `${role} lists a permission twice`);
    if (role !== 'policyholder')
      t.false(
        permissions.some((p) => p.startsWith('portal:')),
        `${role} reaches the portal`,
      );
    // An organization's administrator reads its own organization (the routes answer another's as missing), nothing more.
    const ownOrganization = role === 'org_admin' ? ['organizations:read'] : [];
    if (!['superadmin', 'mhcis_operator'].includes(role))
      t.false(
        permissions.some((p) => (p.startsWith('organizations:') && !ownOrganization.includes(p)) || p === 'jobs:run'),
        `${role} administers the platform`,
      );
  }
  t.true(ROLE_PERMISSIONS.auditor.every((p) => p.endsWith(':read')));
  t.deepEqual([...ROLE_PERMISSIONS.policyholder], ['portal:read', 'portal:write']);
  const forbiddenScopes = [
    'organizations:read',
    'organizations:write',
    'jobs:run',
    'api-keys:read',
    'api-keys:write',
    'users:write',
    'portal:read',
    'portal:write',
  ];
  t.deepEqual(
    API_KEY_SCOPES.filter((scope) => forbiddenScopes.includes(scope)),
    [],
  );
  // Every permission is granted by some line, so none exists that nobody can use.
  const granted = new Set(Object.values(ROLE_PERMISSIONS).flat());
  t.deepEqual(
    PERMISSIONS.filter((p) => !granted.has(p)),
    [],
  );
});
