import type { Environment } from '../tenancy/organization.ts';
import { API_KEY_SCOPES, type Permission } from '../shared/access/permissions.ts';
import { roleAllows, type Role } from '../shared/access/roles.ts';
import { isoInstant } from '../shared/iso-instant.ts';

export interface ApiKey {
  readonly id: string;
  readonly orgId: string;
  readonly name: string;
  readonly scopes: readonly Permission[];
  /** SHA-256 of the key value: keys are long random strings, so a fast digest is enough. */
  readonly keyHash: string;
  /** The first characters of the key, to recognize it in a list. */
  readonly displayPrefix: string;
  readonly environment: Environment;
  readonly expiresAt: Date | null;
  readonly createdAt: Date;
  readonly createdBy: string;
  /**
   * The person who created the key, as then: a key acts for its creator and never beyond what the
   * creator's role allows now (absent on keys stored before creators were kept: `createdBy` names them).
   */
  readonly creator?: KeyCreator;
  readonly revokedAt: Date | null;
}

interface KeyCreator {
  readonly userId: string;
  readonly orgId: string;
  readonly role: Role;
}

export interface ApiKeyView {
  readonly id: string;
  readonly name: string;
  readonly scopes: readonly Permission[];
  readonly prefix: string;
  readonly expiresAt: string | null;
  readonly createdAt: string;
  readonly revokedAt: string | null;
}

export const viewApiKey = (key: ApiKey): ApiKeyView => ({
  id: key.id,
  name: key.name,
  scopes: key.scopes,
  prefix: key.displayPrefix,
  expiresAt: key.expiresAt ? isoInstant(key.expiresAt) : null,
  createdAt: isoInstant(key.createdAt),
  revokedAt: key.revokedAt ? isoInstant(key.revokedAt) : null,
});

/** The key's creator as stored: keys from before creators were kept name theirs in `createdBy` (its role then unknown). */
export const creatorOf = (key: Pick<ApiKey, 'creator' | 'createdBy' | 'orgId'>): { userId: string; orgId: string; role: Role | null } =>
  key.creator ?? { userId: key.createdBy.replace(/^user:/, ''), orgId: key.orgId, role: null };

export const apiKeyUsable = (key: ApiKey, now: Date): boolean => key.revokedAt === null && (key.expiresAt === null || key.expiresAt.getTime() > now.getTime());

/** Scopes a person of this role may put on a key: tenant scopes (API_KEY_SCOPES) the role itself holds. */
export const grantableScopes = (role: Role): readonly Permission[] => API_KEY_SCOPES.filter((scope) => roleAllows(role, scope));

const effectiveByScopes = new WeakMap<readonly Permission[], Map<Role, readonly Permission[]>>();

/**
 * What a key may do now: its scopes that are still tenant scopes and that its creator's current
 * role still holds. A creator who is gone (`null`) leaves the key nothing.
 */
export const effectiveScopes = (key: Pick<ApiKey, 'scopes'>, creatorRole: Role | null): readonly Permission[] => {
  if (creatorRole === null) return [];
  // Worked out once per list of scopes and role: a key read from a store's cache brings the same
  // list on every request it authenticates.
  let byRole = effectiveByScopes.get(key.scopes);
  if (!byRole) effectiveByScopes.set(key.scopes, (byRole = new Map()));
  let effective = byRole.get(creatorRole);
  if (!effective) {
    effective = Object.freeze(key.scopes.filter((scope) => API_KEY_SCOPES.includes(scope) && roleAllows(creatorRole, scope)));
    byRole.set(creatorRole, effective);
  }
  return effective;
};
