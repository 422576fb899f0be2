import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHasher } from '../../ports/identity/credential-crypto.port.ts';

const derive = (password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> =>
  new Promise((resolve, reject) => scrypt(password.normalize('NFKC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key))));

/** scrypt, memory-hard, with a per-user salt; parameters travel with the hash so they can be raised later. */
export class ScryptPasswordHasher implements PasswordHasher {
  private readonly cost: number;
  private readonly dummy: Promise<string>;

  /** `cost` is scrypt's N (a power of two); 2^15 uses 32 MiB per hash. */
  constructor(cost = 2 ** 15) {
    this.cost = cost;
    this.dummy = this.hash(randomBytes(16).toString('hex'));
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const options = { N: this.cost, r: 8, p: 1, maxmem: 256 * this.cost * 8 };
    const key = await derive(password, salt, 32, options);
    return `scrypt$${this.cost}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
  }

  async verify(password: string, encoded: string): Promise<boolean> {
    const [scheme, n, r, p, salt, key] = encoded.split('$');
    if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
    const expected = Buffer.from(key, 'base64');
    const N = Number(n);
    const actual = await derive(password, Buffer.from(salt, 'base64'), expected.length, { N, r: Number(r), p: Number(p), maxmem: 256 * N * Number(r) });
    return timingSafeEqual(actual, expected);
  }

  async verifyNothing(password: string): Promise<false> {
    await this.verify(password, await this.dummy);
    return false;
  }
}
