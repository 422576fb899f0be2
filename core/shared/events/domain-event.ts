import { centsToDollars, type Cents } from '../money.ts';
import type { EventType } from './event-catalog.ts';
import { EVENT_MONEY_FIELDS, type EventData } from './event-data.ts';

/** An outbound event as it is stored and sent: written together with the state change that caused it; amounts in dollars. */
export interface DomainEvent {
  readonly id: string;
  readonly type: EventType;
  readonly orgId: string;
  readonly timestamp: Date;
  readonly data: Record<string, unknown>;
}

/** Where and when an event happened, and its id. */
export interface EventOrigin {
  readonly id: string;
  readonly orgId: string;
  readonly at: Date;
}

/**
 * The one way to make an event: typed data per event type (money in cents), serialized here with
 * every money field in dollars, as subscribers read it.
 */
export const domainEvent = <T extends EventType>(type: T, data: EventData[T], origin: EventOrigin): DomainEvent => {
  const money: Readonly<Record<string, true>> = EVENT_MONEY_FIELDS[type];
  const serialized: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(data)) serialized[field] = money[field] ? centsToDollars(value as Cents) : value;
  return { id: origin.id, type, orgId: origin.orgId, timestamp: origin.at, data: serialized };
};
