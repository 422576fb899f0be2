// @ts-check
// `npm start`: the service from its bundle (start-bundle.ts), built first when missing or older
// than a source file, or from the sources themselves when it cannot be built (an install without
// the build tool) or START_FROM_SOURCES=true (stack traces that name the source files).
//
// Plain JavaScript, as is the bundle: a service started from its bundle loads no TypeScript, and
// so not Node's type stripper either (17 MiB resident; see start-bundle-freshness.mjs).
import { enableCompileCache } from 'node:module';
import { pathToFileURL } from 'node:url';
import { freshStartBundle } from './start-bundle-freshness.mjs';

enableCompileCache();

/** @returns {Promise<string | null>} */
const bundleEntry = async () => {
  if (process.env.START_FROM_SOURCES === 'true') return null;
  const fresh = freshStartBundle();
  if (fresh) return fresh;
  try {
    const { buildStartBundle } = await import('./start-bundle.ts');
    await buildStartBundle();
    return freshStartBundle();
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    console.error(`Starting from the sources: the start bundle could not be built (${reason}).`);
    return null;
  }
};

const entry = await bundleEntry();
await import(entry ? pathToFileURL(entry).href : './main.ts');
