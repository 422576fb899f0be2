import { validationFailed } from '../shared/domain-error.ts';
import type { Environment } from '../tenancy/organization.ts';

const ipv4 = (address: string): number[] | null => {
  const parts = address.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return null;
  return parts.map(Number);
};

/** Loopback, private, link-local, carrier-grade NAT, metadata and other non-public ranges. */
export const isPublicAddress = (address: string): boolean => {
  const mapped = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  const v4 = ipv4(mapped);
  if (v4) {
    const [a = 0, b = 0] = v4;
    return !(
      a === 0 || a === 10 || a === 127 || (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 192 && b === 0) ||
      (a === 198 && (b === 18 || b === 19)) || a >= 224
    );
  }
  const v6 = mapped.toLowerCase();
  if (!v6.includes(':')) return false;
  return !(v6 === '::' || v6 === '::1' || v6.startsWith('fe8') || v6.startsWith('fe9') || v6.startsWith('fea') || v6.startsWith('feb') || v6.startsWith('fc') || v6.startsWith('fd') || v6.startsWith('ff'));
};

/**
 * What a callback URL may look like: HTTPS outside `local`; `local` also allows plain HTTP and
 * loopback for development. Whether the host resolves to public addresses is checked when
 * resolving, at creation and again at every delivery.
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
