import type { PortalName } from '../../core/identity/portals.ts';

/** Seals a portal's cookie with that portal's own key, and opens one sealed so. */
export interface PortalCookies {
  /** The portals with a key: the only ones whose callback is served. */
  readonly portals: readonly PortalName[];
  seal(portal: PortalName, token: string): string;
  /** The token inside, or null when the cookie was not sealed with this portal's key (or was altered). */
  open(portal: PortalName, value: string): string | null;
}
