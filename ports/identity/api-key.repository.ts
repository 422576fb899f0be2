import type { ApiKey } from '../../core/identity/api-key.ts';
import type { Page, PageRequest } from '../shared/persistence/page.ts';

export interface ApiKeyRepository {
  insert(key: ApiKey): Promise<void>;
  /** Keys are found by their hash alone: the key is the credential. */
  findByHash(keyHash: string): Promise<ApiKey | null>;
  findById(orgId: string, id: string): Promise<ApiKey | null>;
  list(orgId: string, page: PageRequest): Promise<Page<ApiKey>>;
  revoke(orgId: string, id: string, at: Date): Promise<ApiKey | null>;
}
