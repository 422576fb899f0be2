import type { Webhooks } from '../ports/webhooks/webhooks.use-case.ts';
import { token } from './wiring.ts';

/** Outbound webhooks and the event log. Each key is typed by the port bound to it in `webhooks.module.ts`. */
export const WEBHOOKS = {
  Webhooks: token<Webhooks>('Webhooks'),
} as const;
