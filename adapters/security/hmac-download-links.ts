import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DownloadLinks } from '../../ports/documents/download-links.port.ts';

/** HMAC-SHA256 over organization, document and expiry, keyed apart from every other use of the secret. */
export class HmacDownloadLinks implements DownloadLinks {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('document-download-links').digest();
  }

  private mac(orgId: string, documentId: string, expiresAt: Date): Buffer {
    return createHmac('sha256', this.key)
      .update(`${orgId}\n${documentId}\n${Math.floor(expiresAt.getTime() / 1000)}`)
      .digest();
  }

  sign(orgId: string, documentId: string, expiresAt: Date): string {
    return this.mac(orgId, documentId, expiresAt).toString('hex');
  }

  verify(orgId: string, documentId: string, expiresAt: Date, signature: string): boolean {
    if (!/^[0-9a-f]{64}$/.test(signature)) return false;
    return timingSafeEqual(Buffer.from(signature, 'hex'), this.mac(orgId, documentId, expiresAt));
  }
}
