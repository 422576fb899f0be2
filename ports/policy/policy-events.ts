import type { DomainEvent } from '../../core/events/domain-event.ts';
import type { EventType } from '../../core/events/event-catalog.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';

export const policyEvent = (ids: IdGenerator, type: EventType, orgId: string, at: Date, data: Record<string, unknown>): DomainEvent => ({
  id: ids.next('evt'),
  type,
  orgId,
  timestamp: at,
  data,
});
