/** Random tokens and codes, digests and constant-time comparison: what every context needs of cryptography. */
export interface SecretTools {
  /** `bytes` random bytes, base64url. */
  randomToken(bytes: number): string;
  /** `digits` decimal digits from a CSPRNG, uniformly distributed (one-time codes). */
  randomDigits(digits: number): string;
  /** SHA-256, lowercase hex. */
  digest(value: string): string;
  /** Constant-time comparison of two secrets. */
  same(a: string, b: string): boolean;
}
