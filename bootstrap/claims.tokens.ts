import type { ClaimAttachments } from '../ports/claims/claim-attachments.use-case.ts';
import type { ClaimSettlements } from '../ports/claims/claim-settlements.use-case.ts';
import type { ClaimRepository } from '../ports/claims/claim.repository.ts';
import type { Claims } from '../ports/claims/claims.use-case.ts';
import type { KeptFigures } from '../ports/shared/persistence/kept-figures.port.ts';
import type { Claim } from '../core/claims/claim.ts';
import { token } from './wiring.ts';

/** Claims, their settlements and attachments. Each key is typed by the port bound to it in `claims.module.ts`. */
export const CLAIMS = {
  /** Figures kept from claims (the portfolio's days), contributed by the context that keeps them; the claim store writes them with each claim. */
  KeptFigures: token<KeptFigures<Claim>>('ClaimKeptFigures'),
  ClaimRepository: token<ClaimRepository>('ClaimRepository'),
  Claims: token<Claims>('Claims'),
  ClaimSettlements: token<ClaimSettlements>('ClaimSettlements'),
  ClaimAttachments: token<ClaimAttachments>('ClaimAttachments'),
  /** The losses reported on a policy, for policy's cancellations. */
} as const;
