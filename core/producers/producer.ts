import type { CalendarDate } from '../shared/calendar-date.ts';
import { DomainError } from '../shared/domain-error.ts';
import type { LineOfBusiness } from '../underwriting/reference-data.ts';

export type ProducerStatus = 'pending' | 'active' | 'suspended';

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
export const APPOINTMENT_TRANSITIONS: Readonly<Record<AppointmentStatus, readonly AppointmentStatus[]>> = {
  pending: ['active', 'terminated'],
  active: ['terminated'],
  terminated: [],
};

export const assertAppointmentMove = (from: AppointmentStatus, to: AppointmentStatus): void => {
  if (!APPOINTMENT_TRANSITIONS[from].includes(to)) {
    throw new DomainError('invalid_transition', `An appointment cannot move from ${from} to ${to}.`, { from, to });
  }
};
