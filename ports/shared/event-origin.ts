import type { EventOrigin } from '../../core/shared/events/domain-event.ts';
import type { IdGenerator } from './id-generator.port.ts';

/** Where a new event comes from: a fresh event id, its organization, and when. */
export const eventOrigin = (deps: { readonly ids: IdGenerator }, orgId: string, at: Date): EventOrigin => ({ id: deps.ids.next('evt'), orgId, at });
