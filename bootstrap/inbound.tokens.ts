import type { LocalPaymentConfirmer } from '../ports/billing/local-payment-confirmer.port.ts';
import type { InboundPipeline } from '../ports/inbound/inbound-pipeline.use-case.ts';
import type { InboundEndpoint } from '../ports/inbound/inbound.ports.ts';
import { token } from './wiring.ts';

/** Provider callbacks: the verified pipeline and its endpoints. Each key is typed by the port bound to it in `inbound.module.ts`. */
export const INBOUND = {
  InboundPipeline: token<InboundPipeline>('InboundPipeline'),
  /** Each provider's endpoint, contributed by the context whose use case it drives (`wire.contribute`). */
  Endpoint: token<InboundEndpoint>('InboundEndpoint'),
  /** All of them, in the order contributed. */
  Endpoints: token<readonly InboundEndpoint[]>('InboundEndpoints'),
  LocalPaymentConfirmer: token<LocalPaymentConfirmer | null>('LocalPaymentConfirmer'),
} as const;
