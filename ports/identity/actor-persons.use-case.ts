import { creatorOf } from '../../core/identity/api-key.ts';
import type { ApiKeyRepository } from './api-key.repository.ts';

/**
 * The person behind an actor as records store it (`describeActor`: `user:…`, `key:…`, `machine`),
 * for four-eyes rules over records written earlier: a key's actions are its creator's (keys are
 * revoked, never deleted, so a stored key always names its creator). The machine secret is nobody.
 */
export class ActorPersons {
  private readonly apiKeys: Pick<ApiKeyRepository, 'findById'>;

  constructor(apiKeys: Pick<ApiKeyRepository, 'findById'>) {
    this.apiKeys = apiKeys;
  }

  async personOf(orgId: string, actor: string | null | undefined): Promise<string | null> {
    if (!actor || actor === 'machine') return null;
    if (!actor.startsWith('key:')) return actor;
    const key = await this.apiKeys.findById(orgId, actor.slice('key:'.length));
    if (!key) return actor;
    return `user:${creatorOf(key).userId}`;
  }
}
