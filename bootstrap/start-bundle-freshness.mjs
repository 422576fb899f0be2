// @ts-check
// Where `npm start` keeps its bundle, and whether it still matches the sources. Plain JavaScript,
// as is `start.mjs`, the one file that reads it at every start: a process that loads a single
// TypeScript file loads Node's type stripper with it (a WebAssembly module and its source), some
// 17 MiB that the service running from its bundle would hold for nothing.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where `npm start` keeps the bundle (ignored by git; rebuilt whenever a source it holds changes). */
export const START_BUNDLE_DIR = join(resolve(import.meta.dirname, '..'), '.start');
/** The bundle's entry, in START_BUNDLE_DIR. */
export const START_BUNDLE_ENTRY = 'main.js';
/** The list of what the bundle was built from and when (`{ builtAt, files }`), in START_BUNDLE_DIR. */
export const START_BUNDLE_INPUTS = 'inputs.json';

/**
 * The bundle's entry when it was built from the files as they are now; null when missing or older than one of them.
 * @returns {string | null}
 */
export const freshStartBundle = () => {
  const entry = join(START_BUNDLE_DIR, START_BUNDLE_ENTRY);
  const stamp = join(START_BUNDLE_DIR, START_BUNDLE_INPUTS);
  if (!existsSync(entry) || !existsSync(stamp)) return null;
  try {
    const inputs = JSON.parse(readFileSync(stamp, 'utf8'));
    for (const file of inputs.files) if (statSync(file).mtimeMs > inputs.builtAt) return null;
    return entry;
  } catch {
    // A file gone or a stamp unreadable: the bundle is not known to match the sources.
    return null;
  }
};
