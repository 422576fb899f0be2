import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FlagDefinition } from '../../core/flags/feature-flags.ts';

const TYPES = new Set(['boolean', 'number', 'string']);

/** The platform's flags from fixtures/flags.json, checked once at load: unique keys, defaults of their own type. */
export const loadFlagDefinitions = (): FlagDefinition[] => {
  const { flags } = JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/flags.json'), 'utf8')) as { flags: FlagDefinition[] };
  const keys = new Set<string>();
  for (const flag of flags) {
    if (keys.has(flag.key) || !TYPES.has(flag.type) || typeof flag.defaultValue !== flag.type)
      throw new Error(`fixtures/flags.json: flag '${flag.key}' is malformed.`);
    keys.add(flag.key);
  }
  return flags;
};
