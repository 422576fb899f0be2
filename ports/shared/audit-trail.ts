import type { AuditLog } from '../audit/audit-log.port.ts';
import { describeActor, type Principal } from '../../core/identity/principal.ts';
import type { Clock } from './clock.port.ts';
import type { IdGenerator } from './id-generator.port.ts';

/** Records administrative and financial actions with their actor. */
export class AuditTrail {
  private readonly log: AuditLog;
  private readonly ids: IdGenerator;
  private readonly clock: Clock;

  constructor(log: AuditLog, ids: IdGenerator, clock: Clock) {
    this.log = log;
    this.ids = ids;
    this.clock = clock;
  }

  record(actor: Principal | string, orgId: string, action: string, target: { type: string; id: string }, details: Record<string, unknown> = {}): Promise<void> {
    return this.log.record({
      id: this.ids.next('aud'),
      orgId,
      actor: typeof actor === 'string' ? actor : describeActor(actor),
      action,
      targetType: target.type,
      targetId: target.id,
      at: this.clock.now(),
      details,
    });
  }
}
