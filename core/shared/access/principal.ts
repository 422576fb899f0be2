import type { Permission } from './permissions.ts';
import type { Role } from './roles.ts';

/** The platform's own organization id, carried by superadmin tokens issued without a tenant. */
export const PLATFORM_ORG = 'platform';

/** Who is calling, as established from a credential. */
export type Principal =
  | { readonly kind: 'machine' }
  | {
      readonly kind: 'user';
      readonly userId: string;
      readonly orgId: string;
      readonly role: Role;
      readonly via: 'jwt';
      /** The session the token was obtained from, when it was: signing it out ends the token. */
      readonly sessionId?: string;
      /** A producer not (yet) activated by identity verification: no data permissions at all. */
      readonly pendingProducer?: true;
    }
  | {
      readonly kind: 'api_key';
      readonly keyId: string;
      readonly orgId: string;
      readonly scopes: readonly Permission[];
      /** The person the key acts for, with the role the creator holds now (null: the creator is gone). */
      readonly creator: KeyCreatorNow;
    }
  | {
      readonly kind: 'policyholder';
      readonly policyId: string;
      readonly orgId: string;
      readonly policyNumber: string;
    };

export interface KeyCreatorNow {
  readonly userId: string;
  readonly role: Role | null;
}

/**
 * The person behind a principal, for every "someone else must decide" rule: a user is itself, an
 * API key is its creator, a policyholder its policy's insured. The machine secret is no person
 * (null): it may act, but never be the second pair of eyes.
 */
export const personOf = (principal: Principal): string | null => {
  switch (principal.kind) {
    case 'machine':
      return null;
    case 'user':
      return `user:${principal.userId}`;
    case 'api_key':
      return `user:${principal.creator.userId}`;
    case 'policyholder':
      return `policy:${principal.policyId}`;
  }
};

/** Machine secret and superadmin act across organizations and must name the one they act on. */
export const actsAcrossOrganizations = (principal: Principal): boolean =>
  principal.kind === 'machine' || (principal.kind === 'user' && principal.role === 'superadmin');

/** The key a caller's requests are counted under for rate limiting. */
export const rateLimitSubject = (principal: Principal): string => {
  switch (principal.kind) {
    case 'machine':
      return 'machine';
    case 'user':
      return `user:${principal.userId}`;
    case 'api_key':
      return `key:${principal.keyId}`;
    case 'policyholder':
      return `policy:${principal.policyId}`;
  }
};

export const principalOrgId = (principal: Principal): string | null => (principal.kind === 'machine' ? null : principal.orgId);

export const describeActor = (principal: Principal): string => rateLimitSubject(principal);

/**
 * What a credential was, kept to ask later whether it still holds (a WebSocket outlives the
 * request that opened it): the user and its session, the API key, or the machine.
 */
export type CredentialRef =
  | { readonly kind: 'user'; readonly userId: string; readonly sessionId?: string }
  | { readonly kind: 'api_key'; readonly keyId: string }
  | { readonly kind: 'machine' };

export const credentialRefOf = (principal: Principal): CredentialRef | null => {
  switch (principal.kind) {
    case 'machine':
      return { kind: 'machine' };
    case 'user':
      return { kind: 'user', userId: principal.userId, ...(principal.sessionId ? { sessionId: principal.sessionId } : {}) };
    case 'api_key':
      return { kind: 'api_key', keyId: principal.keyId };
    case 'policyholder':
      return null;
  }
};

/** The key a credential's requests are counted under, as `rateLimitSubject` names its principal's. */
export const credentialSubject = (credential: CredentialRef): string => {
  switch (credential.kind) {
    case 'machine':
      return 'machine';
    case 'user':
      return `user:${credential.userId}`;
    case 'api_key':
      return `key:${credential.keyId}`;
  }
};
