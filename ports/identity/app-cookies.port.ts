import type { SignInAppName } from '../../core/identity/sign-in-apps.ts';

/** Seals an app's cookie with that app's own key, and opens one sealed so. */
export interface AppCookies {
  /** The apps with a key: the only ones whose callback is served. */
  readonly apps: readonly SignInAppName[];
  seal(app: SignInAppName, token: string): string;
  /** The token inside, or null when the cookie was not sealed with this app's key (or was altered). */
  open(app: SignInAppName, value: string): string | null;
}
