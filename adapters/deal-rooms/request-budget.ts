import { credentialSubject, type CredentialRef } from '../../core/shared/access/principal.ts';
import type { MessageBudget } from '../../ports/deal-rooms/deal-room.ports.ts';
import type { RateLimiter } from '../../ports/rate-limit/rate-limiter.use-case.ts';
import type { OrganizationRepository } from '../../ports/tenancy/organization.repository.ts';

/**
 * Messages sent over a deal-room socket draw from the same per-minute budget as the sender's
 * HTTP requests (`standard`, under the same subject), whatever the number of its sockets.
 */
export class RequestBudget implements MessageBudget {
  private readonly limiter: Pick<RateLimiter, 'admit'>;
  private readonly organizations: Pick<OrganizationRepository, 'findById'>;

  constructor(limiter: Pick<RateLimiter, 'admit'>, organizations: Pick<OrganizationRepository, 'findById'>) {
    this.limiter = limiter;
    this.organizations = organizations;
  }

  async spend(orgId: string, credential: CredentialRef): Promise<{ allowed: boolean; retryAfter: number }> {
    const decision = await this.limiter.admit(credentialSubject(credential), 'standard', await this.organizations.findById(orgId));
    return { allowed: decision.allowed, retryAfter: decision.retryAfter };
  }
}
