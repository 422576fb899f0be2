import type { Environment } from '../tenancy/organization.ts';
import type { Permission } from './permissions.ts';

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
  readonly revokedAt: Date | null;
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
  expiresAt: key.expiresAt?.toISOString() ?? null,
  createdAt: key.createdAt.toISOString(),
  revokedAt: key.revokedAt?.toISOString() ?? null,
});

export const apiKeyUsable = (key: ApiKey, now: Date): boolean => key.revokedAt === null && (key.expiresAt === null || key.expiresAt.getTime() > now.getTime());
