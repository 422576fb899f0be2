import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { lookup as dnsLookup, promises as dns, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { validationFailed } from '../../core/shared/domain-error.ts';
import type { DeliveryError } from '../../core/webhooks/subscription.ts';
import type { TransportResult, WebhookSigner, WebhookTransport } from '../../ports/webhooks/webhook.ports.ts';
import { isAddressLiteral, isPublicAddress } from './public-address.ts';

const NOT_PUBLIC = 'EADDRNOTPUBLIC';

/** Resolves like the system resolver, but refuses to connect to a non-public address (DNS rebinding included). */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as LookupAddress[];
    if (list.length === 0 || list.some((entry) => !isPublicAddress(entry.address))) {
      return callback(Object.assign(new Error('non-public address'), { code: NOT_PUBLIC }), '', 0);
    }
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    const first = list[0] as LookupAddress;
    return callback(null, first.address, first.family);
  });
};

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|SELF_SIGNED_|DEPTH_ZERO_|HOSTNAME_MISMATCH|EPROTO$)/;

/**
 * The category of a failed connection: a subscriber learns whether to look at its certificate or
 * its reachability, never which address, library or file was involved.
 */
const categorize = (error: NodeJS.ErrnoException): DeliveryError => (TLS_CODES.test(error.code ?? '') ? 'tls_failed' : 'connection_failed');

/** One POST with node's own HTTP stack: a hard timeout, the body drained and dropped, never a throw. */
export class HttpWebhookTransport implements WebhookTransport {
  post(url: string, body: string, headers: Record<string, string>, options: { timeoutMs: number; allowPrivate: boolean }): Promise<TransportResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    return new Promise((resolve) => {
      let settled = false;
      const finish = (statusCode: number | null, error: DeliveryError | null) => {
        if (settled) return;
        settled = true;
        resolve({ statusCode, error, durationMs: elapsed() });
      };
      try {
        const target = new URL(url);
        // A literal address is connected to without any lookup, so it is checked here.
        if (!options.allowPrivate && isAddressLiteral(target.hostname) && !isPublicAddress(target.hostname)) return finish(null, 'connection_failed');
        const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
        const request = send(
          target,
          {
            method: 'POST',
            headers: { ...headers, 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'webhooks/1' },
            ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }),
          },
          (response) => {
            const status = response.statusCode ?? null;
            const outcome = status !== null && status >= 200 && status < 300 ? null : 'http_status';
            response.resume();
            response.on('end', () => finish(status, outcome));
            response.on('error', () => finish(status, outcome));
          },
        );
        if (!options.allowPrivate) {
          // Last line: whatever resolved the name, the peer actually connected to must be public.
          request.on('socket', (socket: Socket) =>
            socket.once('connect', () => {
              if (!isPublicAddress(socket.remoteAddress ?? '')) request.destroy(Object.assign(new Error('non-public peer'), { code: NOT_PUBLIC }));
            }),
          );
        }
        const timer = setTimeout(() => {
          finish(null, 'timeout');
          request.destroy();
        }, options.timeoutMs);
        timer.unref();
        request.on('close', () => clearTimeout(timer));
        request.on('error', (error: NodeJS.ErrnoException) => finish(null, categorize(error)));
        request.end(body);
      } catch {
        finish(null, 'connection_failed');
      }
    });
  }

  async assertPublic(url: URL): Promise<void> {
    const host = url.hostname;
    if (isAddressLiteral(host)) {
      if (!isPublicAddress(host))
        throw validationFailed('url', 'public_address', "'url' names a loopback, private, link-local, metadata or other special-purpose address.");
      return;
    }
    let addresses: { address: string }[];
    try {
      addresses = await dns.lookup(host, { all: true });
    } catch {
      throw validationFailed('url', 'resolvable', `'${host}' does not resolve.`);
    }
    if (addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address))) {
      throw validationFailed('url', 'public_address', `'${host}' resolves to a loopback, private, link-local, metadata or other special-purpose address.`);
    }
  }
}

export class HmacWebhookSigner implements WebhookSigner {
  sign(secret: string, body: string): string {
    return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  }

  signStandard(secret: string, id: string, timestampSeconds: number, body: string): string {
    return `v1,${createHmac('sha256', Buffer.from(secret, 'hex')).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
  }

  newSecret(): string {
    return randomBytes(32).toString('hex');
  }

  newDeliveryId(): string {
    return randomUUID();
  }
}
