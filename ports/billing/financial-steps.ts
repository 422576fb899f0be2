import { financialIncident, type FinancialOperation } from '../../core/billing/financial-incident.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { FinancialIncidentLog } from './financial-alerts.port.ts';

/**
 * Runs one financial step; a failure is recorded as `financial.operation_failed` and rethrown,
 * so the caller answers 500 and the provider's retry runs the (idempotent) step again.
 */
export class FinancialSteps {
  private readonly incidents: FinancialIncidentLog;
  private readonly ids: IdGenerator;
  private readonly clock: Clock;

  constructor(incidents: FinancialIncidentLog, ids: IdGenerator, clock: Clock) {
    this.incidents = incidents;
    this.ids = ids;
    this.clock = clock;
  }

  async run<T>(operation: FinancialOperation, context: { orgId: string; reference: string; invoiceId: string | null }, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // The log records the incident before storing it; a store that is down must not hide the first error.
      await this.incidents
        .record(financialIncident({ id: this.ids.next('fin'), ...context, operation, error: message, at: this.clock.now(context.orgId) }))
        .catch(() => undefined);
      throw error;
    }
  }
}
