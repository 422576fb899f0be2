import type { ServiceClaims } from '../../core/identity/service-claims.ts';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, encoded: string): Promise<boolean>;
  /** Spends the time of a verification without a stored hash, so unknown accounts are not revealed by timing. */
  verifyNothing(password: string): Promise<false>;
}

export interface TokenSigner {
  sign(claims: ServiceClaims): string;
  /** Returns the claims of a well-formed, correctly signed, unexpired token; throws `unauthenticated` otherwise. */
  verify(token: string, nowMs: number): ServiceClaims;
}

export type { SecretTools } from '../shared/secret-tools.port.ts';
