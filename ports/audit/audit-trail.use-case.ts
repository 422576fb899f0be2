import type { AuditEntry } from '../../core/audit/audit-entry.ts';
import type { GroupedWrite } from '../shared/persistence/collection-store.port.ts';
import type { AuditLog } from './audit-log.port.ts';
import { describeActor, type Principal } from '../../core/shared/access/principal.ts';
import { centsToDollars, type Cents } from '../../core/shared/money.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';

/** Who did what to which record, with details and amounts (cents). */
type AuditedAction = [
  actor: Principal | string,
  orgId: string,
  action: string,
  target: { type: string; id: string },
  details?: Record<string, unknown>,
  money?: Readonly<Record<string, Cents>>,
];

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

  /** `money` holds the amounts of the action in cents; the entry shows them in dollars beside `details`. */
  record(...action: AuditedAction): Promise<void> {
    return this.log.record(this.entry(...action));
  }

  /** The same entry as a write of the command it records (AtomicWrite): kept with the command, or not at all. */
  recordWrite(...action: AuditedAction): GroupedWrite {
    return this.log.recordWrite(this.entry(...action));
  }

  private entry(...[actor, orgId, action, target, details = {}, money = {}]: AuditedAction): AuditEntry {
    return {
      id: this.ids.next('aud'),
      orgId,
      actor: typeof actor === 'string' ? actor : describeActor(actor),
      action,
      targetType: target.type,
      targetId: target.id,
      at: this.clock.now(),
      details: { ...details, ...Object.fromEntries(Object.entries(money).map(([field, amount]) => [field, centsToDollars(amount)])) },
    };
  }
}
