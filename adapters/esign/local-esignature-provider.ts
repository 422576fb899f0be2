import { createHash } from 'node:crypto';
import type { ESignatureProvider } from '../../ports/esign/esign.ports.ts';

/**
 * The default e-signature provider: documents are accepted and given a stable provider id; no
 * e-mail goes out and no signed copy exists. Status changes arrive through the signed webhook as
 * they would from a provider (the walk-through and tests drive them).
 */
export class LocalESignatureProvider implements ESignatureProvider {
  readonly name = 'local';

  async send(input: Parameters<ESignatureProvider['send']>[0]): Promise<{ externalDocumentId: string }> {
    return { externalDocumentId: `esd_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}` };
  }

  async void(): Promise<void> {}

  async signedCopy(): Promise<null> {
    return null;
  }

  async heldStatus(): Promise<null> {
    return null;
  }
}
