import { randomBytes, randomUUID, createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { promises as dns } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { validationFailed } from '../../core/shared/domain-error.ts';
import { isPublicAddress } from '../../core/webhooks/address-policy.ts';
import type { TransportResult, WebhookSigner, WebhookTransport } from '../../ports/webhooks/webhook.ports.ts';

/** Resolves like the system resolver, but refuses to connect to a non-public address (DNS rebinding included). */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as LookupAddress[];
    const refused = list.find((entry) => !isPublicAddress(entry.address));
    if (refused) return callback(Object.assign(new Error(`${hostname} resolves to a non-public address`), { code: 'EADDRNOTPUBLIC' }), '', 0);
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    const first = list[0] as LookupAddress;
    return callback(null, first.address, first.family);
  });
};

/** One POST with node's own HTTP stack: a hard timeout, the body drained and dropped, never a throw. */
export class HttpWebhookTransport implements WebhookTransport {
  post(url: string, body: string, headers: Record<string, string>, options: { timeoutMs: number; allowPrivate: boolean }): Promise<TransportResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    return new Promise((resolve) => {
      let settled = false;
      const finish = (result: Omit<TransportResult, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        resolve({ ...result, durationMs: elapsed() });
      };
      try {
        const target = new URL(url);
        const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
        const request = send(
          target,
          {
            method: 'POST',
            headers: { ...headers, 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'insurance-platform-webhooks/1' },
            ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }),
          },
          (response) => {
            response.resume();
            response.on('end', () => finish({ statusCode: response.statusCode ?? null, error: null }));
            response.on('error', () => finish({ statusCode: response.statusCode ?? null, error: null }));
          },
        );
        const timer = setTimeout(() => {
          finish({ statusCode: null, error: `timeout after ${options.timeoutMs} ms` });
          request.destroy();
        }, options.timeoutMs);
        timer.unref();
        request.on('close', () => clearTimeout(timer));
        request.on('error', (error) => finish({ statusCode: null, error: error.message }));
        request.end(body);
      } catch (error) {
        finish({ statusCode: null, error: (error as Error).message });
      }
    });
  }

  async assertPublic(url: URL): Promise<void> {
    let addresses: { address: string }[];
    try {
      addresses = await dns.lookup(url.hostname.replace(/^\[|\]$/g, ''), { all: true });
    } catch {
      throw validationFailed('url', 'resolvable', `'${url.hostname}' does not resolve.`);
    }
    if (addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address))) {
      throw validationFailed('url', 'public_address', `'${url.hostname}' resolves to a loopback, private, link-local or metadata address.`);
    }
  }
}

export class HmacWebhookSigner implements WebhookSigner {
  sign(secret: string, body: string): string {
    return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  }

  newSecret(): string {
    return randomBytes(32).toString('hex');
  }

  newDeliveryId(): string {
    return randomUUID();
  }
}
