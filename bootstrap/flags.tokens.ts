import type { FeatureFlags, FlagOverrideRepository } from '../ports/flags/feature-flags.use-case.ts';
import { token } from './wiring.ts';

/** Feature flags and their overrides. Each key is typed by the port bound to it in `flags.module.ts`. */
export const FLAGS = {
  FlagOverrideRepository: token<FlagOverrideRepository>('FlagOverrideRepository'),
  FeatureFlags: token<FeatureFlags>('FeatureFlags'),
} as const;
