import type { EventType } from './event-catalog.ts';

/** An outbound event, written together with the state change that caused it. */
export interface DomainEvent {
  readonly id: string;
  readonly type: EventType;
  readonly orgId: string;
  readonly timestamp: Date;
  readonly data: Record<string, unknown>;
}
