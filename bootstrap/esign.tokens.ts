import type { Envelopes } from '../ports/esign/envelopes.use-case.ts';
import type { ESignatureProvider, EnvelopeRepository } from '../ports/esign/esign.ports.ts';
import { token } from './wiring.ts';

/** E-signature envelopes, the provider that sends them and its status events. Each key is typed by the port bound to it in `esign.module.ts`. */
export const ESIGN = {
  ESignatureProvider: token<ESignatureProvider>('ESignatureProvider'),
  EnvelopeRepository: token<EnvelopeRepository>('EnvelopeRepository'),
  Envelopes: token<Envelopes>('Envelopes'),
} as const;
