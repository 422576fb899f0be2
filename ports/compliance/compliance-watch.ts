import { daysUntilWithinWindow, filingsDue, nextAppointmentRenewal, type ComplianceCalendar } from '../../core/compliance/deadlines.ts';
import { domainEvent } from '../../core/shared/events/domain-event.ts';
import { inForceOn } from '../../core/analytics/portfolio.ts';
import { today, type CalendarDate } from '../../core/shared/calendar-date.ts';
import type { PolicyRepository } from '../policy/policy.repositories.ts';
import type { AppointmentRepository, ProducerRepository } from '../producers/producer.repositories.ts';
import { eventOrigin } from '../shared/event-origin.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { OrganizationRepository } from '../tenancy/organization.repository.ts';
import type { DailyNotices } from './daily-notices.port.ts';
import { forEachRecord } from '../shared/persistence/page.ts';
import { watchEveryOrganization } from './organizations-walk.ts';

export interface ComplianceWatchDeps {
  readonly organizations: OrganizationRepository;
  readonly producers: ProducerRepository;
  readonly appointments: AppointmentRepository;
  readonly policies: PolicyRepository;
  readonly calendar: ComplianceCalendar;
  readonly notices: DailyNotices;
  readonly ids: IdGenerator;
}

interface Deadline {
  readonly kind: 'license_expiry' | 'appointment_renewal' | 'state_filing';
  readonly itemId: string;
  readonly description: string;
  readonly state: string | null;
  readonly producerId: string | null;
  readonly dueDate: CalendarDate;
}

/**
 * `compliance.deadline_approaching` for what falls due within 30 days: producer licence expiries,
 * renewals of active appointments (by the state's rule in the compliance calendar), and the state
 * filings of every state the organization has policies in force in; once per item and day.
 */
export class ComplianceWatch {
  private readonly deps: ComplianceWatchDeps;

  constructor(deps: ComplianceWatchDeps) {
    this.deps = deps;
  }

  run(now: Date): Promise<string> {
    const on = today(now);
    return watchEveryOrganization(this.deps, on, 'compliance deadlines', async (orgId, send) => {
      for (const deadline of await this.deadlines(orgId, on)) {
        const daysRemaining = daysUntilWithinWindow(deadline.dueDate, on);
        if (daysRemaining === null) continue;
        const event = domainEvent('compliance.deadline_approaching', { ...deadline, daysRemaining }, eventOrigin(this.deps, orgId, now));
        await send(`${deadline.kind}:${deadline.itemId}:${deadline.dueDate}`, event);
      }
    });
  }

  private async deadlines(orgId: string, on: CalendarDate): Promise<Deadline[]> {
    const found: Deadline[] = [];
    const renewals = this.deps.calendar.appointmentRenewals;
    await forEachRecord(
      (page) => this.deps.producers.list(orgId, {}, page),
      async (producer) => {
        if (producer.license) {
          found.push({
            kind: 'license_expiry',
            itemId: producer.id,
            description: `${producer.name}'s ${producer.license.state} licence ${producer.license.number} expires`,
            state: producer.license.state,
            producerId: producer.id,
            dueDate: producer.license.expiresOn,
          });
        }
        for (const appointment of await this.deps.appointments.list(orgId, producer.id)) {
          if (appointment.status !== 'active') continue;
          const rule = renewals.states[appointment.state] ?? renewals.default;
          found.push({
            kind: 'appointment_renewal',
            itemId: appointment.id,
            description: `${producer.name}'s ${appointment.state} ${appointment.lineOfBusiness} appointment renews`,
            state: appointment.state,
            producerId: producer.id,
            dueDate: nextAppointmentRenewal(rule, today(appointment.createdAt), on),
          });
        }
      },
    );
    const states = new Set<string>();
    await forEachRecord(
      (page) => this.deps.policies.list(orgId, {}, page),
      async (policy) => {
        if (inForceOn(policy, on)) states.add(policy.risk.state);
      },
    );
    for (const state of [...states].sort()) {
      for (const { filing, dueDate } of filingsDue(this.deps.calendar, state, on)) {
        found.push({
          kind: 'state_filing',
          itemId: `${filing.id}:${state}`,
          description: `${filing.description} (${state})`,
          state,
          producerId: null,
          dueDate,
        });
      }
    }
    return found;
  }
}
