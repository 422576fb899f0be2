import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { SecretTools } from '../../ports/identity/credential-crypto.port.ts';

export class NodeSecretTools implements SecretTools {
  randomToken(bytes: number): string {
    return randomBytes(bytes).toString('base64url');
  }

  randomDigits(digits: number): string {
    return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
  }

  digest(value: string): string {
    return createHash('sha256').update(value).digest('hex');
  }

  /** Compares digests, so neither the length nor the content of the secret leaks through timing. */
  same(a: string, b: string): boolean {
    return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
  }
}
