import type { Logger } from 'pino';
import type { FinancialIncident } from '../../../core/billing/financial-incident.ts';
import { writeUnlessDuplicate } from '../../../core/shared/domain-error.ts';
import { cents, dollarsToCents } from '../../../core/shared/money.ts';
import type { TakenAlert, FinancialAlert, FinancialAlertQueue, FinancialIncidentLog } from '../../../ports/billing/financial-alerts.port.ts';
import type { Collection, CollectionStore, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
import { fromDocument, toDocument, type DocumentOf } from '../shared/document-mapping.ts';

/**
 * An alert as stored: its amount in cents (`amountCents`). Alerts queued before amounts were kept
 * in cents carry `amount` in dollars instead, read back converted.
 */
interface AlertDocument extends StoredDocument, Omit<FinancialAlert, 'amount'> {
  readonly amountCents?: number;
  readonly amount?: number;
  readonly status: 'queued' | 'sent';
  readonly leaseUntil: Date | null;
}

/** Financial alerts waiting for the finance team, one per organization and key. */
export class StoreFinancialAlertQueue implements FinancialAlertQueue {
  private readonly alerts: Collection<AlertDocument>;

  private constructor(alerts: Collection<AlertDocument>) {
    this.alerts = alerts;
  }

  static async create(store: CollectionStore): Promise<StoreFinancialAlertQueue> {
    await store.ensureIndexes('financial_alerts', [{ name: 'queued', keys: { status: 1, leaseUntil: 1, createdAt: 1 } }]);
    return new StoreFinancialAlertQueue(store.collection<AlertDocument>('financial_alerts'));
  }

  async queue(alert: FinancialAlert): Promise<void> {
    const { amount, ...rest } = alert;
    await writeUnlessDuplicate(() =>
      this.alerts.insertOne({ _id: `${alert.orgId}:${alert.kind}:${alert.key}`, ...rest, amountCents: amount, status: 'queued', leaseUntil: null }),
    );
  }

  async takeNext(now: Date, leaseMs: number): Promise<TakenAlert | null> {
    const claimed = await this.alerts.findOneAndUpdate(
      { status: 'queued', $or: [{ leaseUntil: null }, { leaseUntil: { $lte: now } }] },
      { $set: { leaseUntil: new Date(now.getTime() + leaseMs) }, $inc: { attempts: 1 } },
      { sort: { createdAt: 1 }, returnDocument: 'after' },
    );
    if (!claimed) return null;
    const { _id, orgId, kind, key, invoiceId, invoiceNumber, reference, amountCents, amount, message, createdAt } = claimed;
    const stored = amountCents ?? dollarsToCents(amount ?? 0);
    return { id: _id, orgId, kind, key, invoiceId, invoiceNumber, reference, amount: cents(stored), message, createdAt };
  }

  async markSent(id: string, recipients: number, at: Date): Promise<void> {
    await this.alerts.updateOne({ _id: id }, { $set: { status: 'sent', sentAt: at, recipients, leaseUntil: null } });
  }

  async release(id: string, error: string): Promise<void> {
    await this.alerts.updateOne({ _id: id }, { $set: { lastError: error } });
  }
}

/** Incidents are logged at error level and kept; ledger failures are logged as priority-1 incidents. */
export class StoreFinancialIncidentLog implements FinancialIncidentLog {
  private readonly incidents: Collection<DocumentOf<FinancialIncident>>;
  private readonly logger: Logger;

  private constructor(incidents: Collection<DocumentOf<FinancialIncident>>, logger: Logger) {
    this.incidents = incidents;
    this.logger = logger;
  }

  static async create(store: CollectionStore, logger: Logger): Promise<StoreFinancialIncidentLog> {
    await store.ensureIndexes('financial_incidents', [{ name: 'org_newest', keys: { orgId: 1, _id: -1 } }]);
    return new StoreFinancialIncidentLog(store.collection('financial_incidents'), logger);
  }

  async record(incident: FinancialIncident): Promise<void> {
    this.logger.error({ incident }, `financial.operation_failed: ${incident.operation} (priority ${incident.priority})`);
    await this.incidents.insertOne(toDocument(incident));
  }

  async list(orgId: string, limit: number): Promise<FinancialIncident[]> {
    return (await this.incidents.find({ orgId }, { sort: { _id: -1 }, limit })).map((document) => fromDocument<FinancialIncident>(document));
  }
}
