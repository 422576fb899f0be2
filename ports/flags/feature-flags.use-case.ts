import type { AccessChanges } from '../shared/access-changes.ts';
import { checkedFlagValue, featureDisabled, type FeatureKey, type FlagDefinition, type FlagValue } from '../../core/flags/feature-flags.ts';
import type { Principal } from '../../core/shared/access/principal.ts';
import { notFound } from '../../core/shared/domain-error.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';

export interface FlagOverrideRepository {
  /** The organization's overrides by key. */
  forOrganization(orgId: string): Promise<ReadonlyMap<string, FlagValue>>;
  set(orgId: string, key: string, value: FlagValue, at: Date): Promise<void>;
  /** Whether there was an override to remove. */
  clear(orgId: string, key: string): Promise<boolean>;
}

export interface FlagState {
  readonly definition: FlagDefinition;
  readonly orgValue: FlagValue | null;
  /** The effective value: the organization's, else the default. */
  readonly value: FlagValue;
}

export interface FeatureFlagsDeps {
  readonly definitions: readonly FlagDefinition[];
  readonly overrides: FlagOverrideRepository;
  readonly audit: AuditTrail;
  readonly clock: { now(): Date };
  /** Told of every change, so open connections of the organization are checked again at once. */
  readonly accessChanges?: AccessChanges;
}

/** Platform defaults with per-organization overrides; the gate every flagged feature passes. */
export class FeatureFlags {
  private readonly deps: FeatureFlagsDeps;
  private readonly byKey: ReadonlyMap<string, FlagDefinition>;

  constructor(deps: FeatureFlagsDeps) {
    this.deps = deps;
    this.byKey = new Map(deps.definitions.map((definition) => [definition.key, definition]));
  }

  private definition(key: string): FlagDefinition {
    const definition = this.byKey.get(key);
    if (!definition) throw notFound('Flag');
    return definition;
  }

  async list(orgId: string): Promise<FlagState[]> {
    const overrides = await this.deps.overrides.forOrganization(orgId);
    return this.deps.definitions.map((definition) => {
      const orgValue = overrides.get(definition.key) ?? null;
      return { definition, orgValue, value: orgValue ?? definition.defaultValue };
    });
  }

  async set(actor: Principal, orgId: string, key: string, value: unknown): Promise<FlagState> {
    const definition = this.definition(key);
    const checked = checkedFlagValue(definition, value);
    const before = (await this.deps.overrides.forOrganization(orgId)).get(key) ?? null;
    await this.deps.overrides.set(orgId, key, checked, this.deps.clock.now());
    await this.deps.audit.record(actor, orgId, 'flag.set', { type: 'flag', id: key }, { before, after: checked });
    this.deps.accessChanges?.changed(orgId);
    return { definition, orgValue: checked, value: checked };
  }

  async clear(actor: Principal, orgId: string, key: string): Promise<void> {
    this.definition(key);
    if (await this.deps.overrides.clear(orgId, key)) await this.deps.audit.record(actor, orgId, 'flag.cleared', { type: 'flag', id: key }, {});
    this.deps.accessChanges?.changed(orgId);
  }

  /** The effective value of a flag for the organization. */
  async value(orgId: string, key: string): Promise<FlagValue> {
    return (await this.deps.overrides.forOrganization(orgId)).get(key) ?? this.definition(key).defaultValue;
  }

  /** Throws 403 `feature_disabled` when the organization has the feature off. */
  async require(orgId: string, feature: FeatureKey): Promise<void> {
    if ((await this.value(orgId, feature)) === false) throw featureDisabled(feature);
  }
}
