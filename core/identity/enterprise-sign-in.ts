/**
 * Enterprise single sign-on (OpenID Connect): who may come in, as what, and where
 * they may be sent back to.
 */
import type { Role } from '../shared/access/roles.ts';

/** Time between leaving for the identity provider and coming back. */
export const ENTERPRISE_LOGIN_TTL_MS = 10 * 60_000;

/** A sign-in under way: kept from the redirect to the provider until its callback, used once. */
export interface PendingEnterpriseLogin {
  /** The `state` sent to the provider. */
  readonly id: string;
  readonly nonce: string;
  readonly codeVerifier: string;
  readonly callbackURL: string;
  readonly expiresAt: Date;
}

/** Whether `callbackURL` is an http(s) URL on one of the configured app origins (no open redirect). */
export const isAppCallback = (callbackURL: string, appOrigins: readonly string[]): boolean => {
  let url: URL;
  try {
    url = new URL(callbackURL);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username !== '' || url.password !== '') return false;
  return appOrigins.some((origin) => {
    try {
      return new URL(origin).origin === url.origin;
    } catch {
      return false;
    }
  });
};

/** A known user becomes an administrator; a newcomer of an allowlisted domain an auditor. */
export const enterpriseRole = (known: boolean): Role => (known ? 'org_admin' : 'auditor');

/** `callbackURL` with the token added to its query. */
export const withToken = (callbackURL: string, token: string): string => {
  const url = new URL(callbackURL);
  url.searchParams.set('token', token);
  return url.toString();
};
