import { validationFailed } from '../shared/domain-error.ts';
import type { Environment } from '../tenancy/organization.ts';

/**
 * What a callback URL may look like: HTTPS outside `local`; `local` also allows plain HTTP and
 * loopback for development. Whether the host is or resolves to public addresses is the
 * transport's check, at creation and again at every connection.
 */
export const assertCallbackUrl = (raw: string, environment: Environment): URL => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw validationFailed('url', 'format', "'url' is not a valid URL.");
  }
  const allowed = environment === 'local' ? ['https:', 'http:'] : ['https:'];
  if (!allowed.includes(url.protocol)) throw validationFailed('url', 'scheme', `'url' must use ${allowed.join(' or ')}.`);
  if (url.username || url.password) throw validationFailed('url', 'credentials', "'url' must not carry credentials.");
  return url;
};
