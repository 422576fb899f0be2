import {
  alertStage,
  effectiveDatesFiledWithinWindow,
  filingsDue,
  nextAppointmentRenewal,
  policyFilingDue,
  type ComplianceCalendar,
} from '../../core/compliance/deadlines.ts';
import { HOME_STATES } from '../../core/shared/reference-data.ts';
import { domainEvent } from '../../core/shared/events/domain-event.ts';
import { daysBetween, today, type CalendarDate } from '../../core/shared/calendar-date.ts';
import type { PolicyRepository } from '../policy/policy.repositories.ts';
import type { AppointmentRepository, ProducerRepository } from '../producers/producer.repositories.ts';
import { eventOrigin } from '../shared/event-origin.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { OrganizationRepository } from '../tenancy/organization.repository.ts';
import type { DailyNotices } from './daily-notices.port.ts';
import { forEachRecord } from '../shared/persistence/page.ts';
import { watchEveryOrganization, watchOneOrganization, type WatchOne } from './organizations-walk.ts';
import type { TestClockRoster } from '../shared/clock.port.ts';

export interface ComplianceWatchDeps {
  readonly organizations: OrganizationRepository;
  readonly producers: ProducerRepository;
  readonly appointments: AppointmentRepository;
  readonly policies: PolicyRepository;
  readonly calendar: ComplianceCalendar;
  readonly notices: DailyNotices;
  readonly ids: IdGenerator;
  readonly roster: TestClockRoster;
}

interface Deadline {
  readonly kind: 'license_expiry' | 'appointment_renewal' | 'state_filing' | 'policy_filing';
  readonly itemId: string;
  readonly description: string;
  readonly state: string | null;
  readonly producerId: string | null;
  readonly policyId: string | null;
  readonly source: string | null;
  readonly dueDate: CalendarDate;
}

/**
 * `compliance.deadline_approaching` 30 days and again 7 days before each deadline, once each
 * (a day missed sends the alert on the next run): producer licence expiries, renewals of active
 * appointments (by the state's rule, in the producer's birth month where the state says so), the
 * period filings of every state the organization's policies in force are filed in (a surplus
 * lines policy in its home state), and each surplus lines policy's own filing in its home state.
 */
export class ComplianceWatch {
  private readonly deps: ComplianceWatchDeps;

  constructor(deps: ComplianceWatchDeps) {
    this.deps = deps;
  }

  /** The scheduled run: every organization in real time. */
  run(now: Date): Promise<string> {
    return watchEveryOrganization(this.deps, now, 'compliance deadlines', this.watch);
  }

  /** One organization's day (a test clock's advance): the alerts sent. */
  async runFor(orgId: string, now: Date): Promise<number> {
    return (await watchOneOrganization(this.deps, orgId, now, this.watch)).sent;
  }

  private readonly watch: WatchOne = async (orgId, now, send) => {
    const on = today(now);
    for (const deadline of await this.deadlines(orgId, on)) {
      const alert = alertStage(deadline.dueDate, on);
      if (alert === null) continue;
      const daysRemaining = daysBetween(on, deadline.dueDate);
      const event = domainEvent('compliance.deadline_approaching', { ...deadline, daysRemaining, alert }, eventOrigin(this.deps, orgId, now));
      // Keyed by the deadline, not by today: each alert goes out once, whichever day first sees it.
      await send(`${deadline.kind}:${deadline.itemId}:${alert}`, event, deadline.dueDate);
    }
  };

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
            policyId: null,
            source: null,
            dueDate: producer.license.expiresOn,
          });
        }
        for (const appointment of await this.deps.appointments.list(orgId, producer.id)) {
          if (appointment.status !== 'active') continue;
          const rule = renewals.states[appointment.state] ?? renewals.default;
          const dueDate = nextAppointmentRenewal(rule, today(appointment.createdAt), on, producer.birthMonth ?? null);
          if (dueDate === null) continue;
          found.push({
            kind: 'appointment_renewal',
            itemId: appointment.id,
            description: `${producer.name}'s ${appointment.state} ${appointment.lineOfBusiness} appointment renews`,
            state: appointment.state,
            producerId: producer.id,
            policyId: null,
            source: rule.source ?? null,
            dueDate,
          });
        }
      },
    );
    // Each surplus lines policy's own filing in its home state: the policies whose filing falls
    // due within the window, read by effective date (filed within its days of taking effect).
    for (const filing of this.deps.calendar.policyFilings) {
      for (const homeState of filing.states) {
        const { from, to } = effectiveDatesFiledWithinWindow(filing, on);
        for (const policy of await this.deps.policies.filedIn(orgId, homeState, from, to)) {
          found.push({
            kind: 'policy_filing',
            itemId: `${filing.id}:${policy.id}`,
            description: `${filing.description} (${policy.policyNumber}, ${homeState})`,
            state: homeState,
            producerId: policy.producerId,
            policyId: policy.id,
            source: filing.source,
            dueDate: policyFilingDue(filing, policy.effectiveDate),
          });
        }
      }
    }
    // The period filings of each state with one due within the window where a policy is in force.
    for (const state of HOME_STATES) {
      const due = filingsDue(this.deps.calendar, state, on);
      if (due.length === 0 || !(await this.deps.policies.inForceFiledIn(orgId, state, on))) continue;
      for (const { filing, dueDate } of due) {
        found.push({
          kind: 'state_filing',
          itemId: `${filing.id}:${state}`,
          description: `${filing.description} (${state})${filing.appliesWhen ? `; required only when ${filing.appliesWhen}` : ''}`,
          state,
          producerId: null,
          policyId: null,
          source: filing.source,
          dueDate,
        });
      }
    }
    return found;
  }
}
