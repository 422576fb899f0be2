import { hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { SecretTools } from '../../ports/identity/credential-crypto.port.ts';

export class NodeSecretTools implements SecretTools {
  randomToken(bytes: number): string {
    return randomBytes(bytes).toString('base64url');
  }

  randomDigits(digits: number): string {
    return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
  }

  /** One-shot hashing: every API-key request digests its key, and a Hash object per call costs more than the hash. */
  digest(value: string): string {
    return hash('sha256', value, 'hex');
  }

  /** Compares digests, so neither the length nor the content of the secret leaks through timing. */
  same(a: string, b: string): boolean {
    return timingSafeEqual(hash('sha256', a, 'buffer'), hash('sha256', b, 'buffer'));
  }
}
