import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PortalName } from '../../core/identity/portals.ts';
import type { PortalCookies } from '../../ports/identity/portal-cookies.port.ts';

/**
 * A portal's cookie: the service JWT and an HMAC-SHA256 of it under the portal's own key
 * (`<jwt>.<base64url mac>`). The portal checks the MAC with its key before it reads the token.
 */
export class HmacPortalCookies implements PortalCookies {
  private readonly keys: Readonly<Partial<Record<PortalName, string>>>;
  readonly portals: readonly PortalName[];

  constructor(keys: Readonly<Partial<Record<PortalName, string>>>) {
    this.keys = keys;
    this.portals = Object.keys(keys) as PortalName[];
  }

  private mac(portal: PortalName, token: string): string {
    const key = this.keys[portal];
    if (!key) throw new Error(`No cookie key for the ${portal} portal.`);
    return createHmac('sha256', key).update(token).digest('base64url');
  }

  seal(portal: PortalName, token: string): string {
    return `${token}.${this.mac(portal, token)}`;
  }

  open(portal: PortalName, value: string): string | null {
    const cut = value.lastIndexOf('.');
    if (cut <= 0 || !this.keys[portal]) return null;
    const token = value.slice(0, cut);
    const expected = Buffer.from(this.mac(portal, token));
    const given = Buffer.from(value.slice(cut + 1));
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  }
}
