/**
 * Feature flags: platform defaults (fixtures/flags.json), overridden per organization, each with a
 * type its values must have. A disabled feature answers 403 `feature_disabled`.
 */
import { DomainError, validationFailed } from '../shared/domain-error.ts';

export type FlagValue = boolean | number | string;
type FlagType = 'boolean' | 'number' | 'string';

export interface FlagDefinition {
  readonly key: string;
  readonly type: FlagType;
  readonly defaultValue: FlagValue;
  readonly description: string;
  /** Bounds of a number flag. */
  readonly minimum?: number;
  readonly maximum?: number;
}

/** The features routes can be gated on (boolean flags). */
export type FeatureKey = 'document_ingest' | 'policyholder_portal' | 'deal_rooms';

/** Longest string a string flag holds. */
const MAX_FLAG_STRING = 500;

/** The value as the flag's type requires it, or 400. */
export const checkedFlagValue = (definition: FlagDefinition, value: unknown): FlagValue => {
  const fits =
    (definition.type === 'boolean' && typeof value === 'boolean') ||
    (definition.type === 'number' && typeof value === 'number' && Number.isFinite(value)) ||
    (definition.type === 'string' && typeof value === 'string' && value.length <= MAX_FLAG_STRING);
  if (!fits)
    throw validationFailed(
      'value',
      'type',
      `'${definition.key}' takes a ${definition.type}${definition.type === 'string' ? ` of at most ${MAX_FLAG_STRING} characters` : ''}.`,
    );
  if (
    typeof value === 'number' &&
    ((definition.minimum !== undefined && value < definition.minimum) || (definition.maximum !== undefined && value > definition.maximum))
  ) {
    throw validationFailed('value', 'range', `'${definition.key}' takes a number from ${definition.minimum ?? '-∞'} to ${definition.maximum ?? '∞'}.`);
  }
  return value as FlagValue;
};

export const featureDisabled = (key: FeatureKey) =>
  new DomainError('feature_disabled', `The feature '${key}' is disabled for this organization.`, { flag: key });
