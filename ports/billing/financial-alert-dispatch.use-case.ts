import type { Role } from '../../core/shared/access/roles.ts';
import { escapeHtml } from '../../core/shared/html.ts';
import { formatDollars } from '../../core/shared/money.ts';
import type { UserRepository } from '../identity/user.repository.ts';
import type { Mailer } from '../shared/mailer.port.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { TakenAlert, FinancialAlertQueue } from './financial-alerts.port.ts';

/** Who hears about failed payments: the people who handle billing in the organization. */
const FINANCIAL_ALERT_ROLES: readonly Role[] = ['billing_admin', 'finance_analyst', 'org_admin'];

/** A sender that crashes mid-way loses its claim after this long, and another sends the alert. */
const LEASE_MS = 60_000;

/** Sends queued financial alerts to the organization's billing people, each alert once. */
export class FinancialAlertDispatch {
  private readonly alerts: FinancialAlertQueue;
  private readonly users: UserRepository;
  private readonly mailer: Mailer;
  private readonly clock: Clock;

  constructor(alerts: FinancialAlertQueue, users: UserRepository, mailer: Mailer, clock: Clock) {
    this.alerts = alerts;
    this.users = users;
    this.mailer = mailer;
    this.clock = clock;
  }

  /** Sends what is queued, up to `max` alerts; returns how many were sent. */
  async dispatch(max = 50): Promise<number> {
    let sent = 0;
    while (sent < max) {
      // A failed alert keeps its lease, so each pass ends once nothing unleased is queued.
      const alert = await this.alerts.takeNext(this.clock.now(), LEASE_MS);
      if (!alert) break;
      try {
        const recipients = await this.send(alert);
        await this.alerts.markSent(alert.id, recipients, this.clock.now());
        sent += 1;
      } catch (error) {
        await this.alerts.release(alert.id, error instanceof Error ? error.message : String(error));
      }
    }
    return sent;
  }

  private async send(alert: TakenAlert): Promise<number> {
    const to = (await this.users.withRoles(alert.orgId, FINANCIAL_ALERT_ROLES)).map((user) => user.email);
    if (to.length === 0) return 0;
    const amount = formatDollars(alert.amount);
    const subject = `Payment failed: invoice ${alert.invoiceNumber} (${amount})`;
    const lines = [
      `A card payment of ${amount} for invoice ${alert.invoiceNumber} failed.`,
      `Reason: ${alert.message}`,
      `Processor reference: ${alert.reference}`,
      `Retry it with POST /v1/invoices/${alert.invoiceId}/retry once the payer has updated their card.`,
    ];
    await this.mailer.send({
      to,
      subject,
      text: lines.join('\n'),
      html: `<p>${lines.map(escapeHtml).join('</p>\n<p>')}</p>`,
      date: this.clock.now(alert.orgId),
    });
    return to.length;
  }
}
