import type { CalendarDate } from '../shared/calendar-date.ts';
import { lifecycle } from '../shared/lifecycle.ts';
import type { LineOfBusiness } from '../shared/reference-data.ts';

const PRODUCER_STATUSES = ['pending', 'active', 'suspended'] as const;
export type ProducerStatus = (typeof PRODUCER_STATUSES)[number];

/** A producer signs up `pending` and is activated by identity verification; suspension has no route yet. */
export const PRODUCER_LIFECYCLE = lifecycle({
  subject: 'producer',
  statuses: PRODUCER_STATUSES,
  moves: {
    verify_identity: { from: ['pending'], to: 'active' },
  },
});

export interface License {
  readonly state: string;
  readonly number: string;
  readonly expiresOn: CalendarDate;
}

export interface Producer {
  readonly id: string;
  readonly orgId: string;
  readonly userId: string | null;
  readonly name: string;
  readonly email: string;
  readonly status: ProducerStatus;
  readonly license: License | null;
  /**
   * An individual's birth month (1-12): states that renew appointments in it (Florida) do so.
   * Null for an agency, whose appointments renew in the month they were first made.
   */
  readonly birthMonth?: number | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const APPOINTMENT_STATUSES = ['pending', 'active', 'terminated'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export interface Appointment {
  readonly id: string;
  readonly orgId: string;
  readonly producerId: string;
  readonly state: string;
  readonly lineOfBusiness: LineOfBusiness;
  readonly status: AppointmentStatus;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** An appointment is requested, becomes active, and ends; a terminated one does not come back. */
export const APPOINTMENT_LIFECYCLE = lifecycle({
  subject: 'appointment',
  statuses: APPOINTMENT_STATUSES,
  moves: {
    activate: { from: ['pending'], to: 'active' },
    terminate: { from: ['pending', 'active'], to: 'terminated' },
  },
});
