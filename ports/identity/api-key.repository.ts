import type { ApiKey } from '../../core/identity/api-key.ts';
import type { GroupedWrite } from '../shared/persistence/collection-store.port.ts';
import type { Page, PageRequest } from '../shared/persistence/page.ts';

export interface ApiKeyRepository {
  /** A new key, for the write that creates it. */
  insertWrite(key: ApiKey): GroupedWrite;
  /** Keys are found by their hash alone: the key is the credential. */
  findByHash(keyHash: string): Promise<ApiKey | null>;
  findById(orgId: string, id: string): Promise<ApiKey | null>;
  list(orgId: string, page: PageRequest): Promise<Page<ApiKey>>;
  /** The revocation of a key not yet revoked, for the write that revokes it (a key revoked before stays as it was). */
  revokeWrite(orgId: string, id: string, at: Date): GroupedWrite;
}
