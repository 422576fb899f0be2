/**
 * The sign-in apps: the web front-ends staff and policyholders sign in to (served under
 * `/portals/<name>/`, the path their deployments already use), and the cookie each keeps its sign-in in. Each app signs its cookie
 * with its own key, so a cookie of one app is worthless to another, and lets in only the roles
 * it serves.
 */
import type { Role } from '../shared/access/roles.ts';

export const SIGN_IN_APP_NAMES = ['admin', 'finance', 'compliance', 'carrier', 'producer', 'uw', 'policyholder'] as const;
export type SignInAppName = (typeof SIGN_IN_APP_NAMES)[number];

interface SignInApp {
  readonly name: SignInAppName;
  readonly cookie: string;
  /** Staff roles it serves; `insured` for policyholder tokens (`typ: insured`). */
  readonly audience: readonly Role[] | 'insured';
}

export const SIGN_IN_APPS: Readonly<Record<SignInAppName, SignInApp>> = {
  admin: { name: 'admin', cookie: 'svc_admin_token', audience: ['superadmin', 'org_admin', 'mhcis_operator'] },
  finance: { name: 'finance', cookie: 'svc_finance_token', audience: ['finance_analyst', 'billing_admin', 'org_admin'] },
  compliance: { name: 'compliance', cookie: 'svc_compliance_token', audience: ['compliance_officer', 'auditor', 'org_admin'] },
  carrier: { name: 'carrier', cookie: 'svc_carrier_token', audience: ['org_admin'] },
  producer: { name: 'producer', cookie: 'svc_producer_token', audience: ['producer'] },
  uw: { name: 'uw', cookie: 'svc_uw_token', audience: ['underwriter', 'org_admin'] },
  policyholder: { name: 'policyholder', cookie: 'svc_session', audience: 'insured' },
};

/** Whether a token of `role` (and `insured` when it is a policyholder's) may sign in to `app`. */
export const appAdmits = (app: SignInApp, claims: { role: Role; typ?: 'insured' }): boolean =>
  app.audience === 'insured' ? claims.typ === 'insured' : claims.typ !== 'insured' && app.audience.includes(claims.role);
