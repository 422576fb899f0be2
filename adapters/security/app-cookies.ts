import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SignInAppName } from '../../core/identity/sign-in-apps.ts';
import type { AppCookies } from '../../ports/identity/app-cookies.port.ts';

/**
 * An app's cookie: the service JWT and an HMAC-SHA256 of it under the app's own key
 * (`<jwt>.<base64url mac>`). The app checks the MAC with its key before it reads the token.
 */
export class HmacAppCookies implements AppCookies {
  private readonly keys: Readonly<Partial<Record<SignInAppName, string>>>;
  readonly apps: readonly SignInAppName[];

  constructor(keys: Readonly<Partial<Record<SignInAppName, string>>>) {
    this.keys = keys;
    this.apps = Object.keys(keys) as SignInAppName[];
  }

  private mac(app: SignInAppName, token: string): string {
    const key = this.keys[app];
    if (!key) throw new Error(`No cookie key for the ${app} app.`);
    return createHmac('sha256', key).update(token).digest('base64url');
  }

  seal(app: SignInAppName, token: string): string {
    return `${token}.${this.mac(app, token)}`;
  }

  open(app: SignInAppName, value: string): string | null {
    const cut = value.lastIndexOf('.');
    if (cut <= 0 || !this.keys[app]) return null;
    const token = value.slice(0, cut);
    const expected = Buffer.from(this.mac(app, token));
    const given = Buffer.from(value.slice(cut + 1));
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  }
}
