import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import { START_BUNDLE_DIR, START_BUNDLE_INPUTS } from './start-bundle-freshness.mjs';

const ROOT = resolve(import.meta.dirname, '..');

/**
 * Packages left out of the bundle: those loaded only when configured or first used (the MongoDB
 * driver, providers' SDKs, the browser, PDF reading), and those that find files of their own
 * beside their code (worker scripts, native bindings), which a bundle would move away from them.
 */
const EXTERNAL = [
  'mongodb',
  '@agendajs/mongo-backend',
  'puppeteer-core',
  'pdfjs-dist',
  '@aws-sdk/*',
  'nodemailer',
  'stripe',
  'docusign-esign',
  '@openfga/*',
  'piscina',
  'pino',
  'thread-stream',
  'node-cron',
  'dtrace-provider',
];

/**
 * restify's entry loads its thirty-odd plugins and their dependencies (some 70 ms of a start)
 * whether or not they are used, and the service uses none: in the bundle they load on first use.
 */
const pluginsOnFirstUse = (source: string): string =>
  source
    .replace(
      "module.exports.plugins = require('./plugins');",
      "Object.defineProperty(module.exports, 'plugins', { enumerable: true, get: () => require('./plugins') });",
    )
    .replace(
      "module.exports.pre = require('./plugins').pre;",
      "Object.defineProperty(module.exports, 'pre', { enumerable: true, get: () => require('./plugins').pre });",
    );

interface Inputs {
  readonly builtAt: number;
  /** The project's own files the bundle holds, the file that builds it, and the lockfile (a dependency updated). */
  readonly files: readonly string[];
}

/**
 * Bundles the service (`bootstrap/main.ts` and everything it imports, dependencies included, lazy
 * imports kept lazy as chunks of their own) into `.start/`. A restart then reads a few files
 * instead of some 1,700 modules, each resolved and read on its own: the start is about half.
 * A file's own location stays what it was (`import.meta.dirname` and `.url` are its path in the
 * sources), so fixtures and worker scripts are found where they are.
 */
export const buildStartBundle = async (): Promise<void> => {
  const { build } = await import('esbuild');
  const staging = `${START_BUNDLE_DIR}.${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  const result = await build({
    entryPoints: [join(ROOT, 'bootstrap/main.ts')],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    outdir: staging,
    external: EXTERNAL,
    // CommonJS dependencies call `require` for Node's modules; an ES module has none of its own.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    // Without comments and indentation. V8 keeps a module's whole source for as long as it runs,
    // and two bytes a character once one character is not Latin-1 (the dependencies' comments hold
    // some): a heap snapshot found the bundle's source at 9.5 MiB; it is 3.2 MiB without them. Names are kept, so stack
    // traces still name every function; START_FROM_SOURCES=true gives the source files' lines.
    minifyWhitespace: true,
    metafile: true,
    logLevel: 'silent',
    plugins: [
      {
        name: 'restify-plugins-on-first-use',
        setup(builder) {
          builder.onLoad({ filter: /[\\/]restify[\\/]lib[\\/]index\.js$/ }, async ({ path }) => ({
            contents: pluginsOnFirstUse(await readFile(path, 'utf8')),
            loader: 'js',
          }));
        },
      },
      {
        name: 'source-locations',
        setup(builder) {
          builder.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
            const text = await readFile(path, 'utf8');
            const located = text.includes('import.meta.')
              ? text.replaceAll('import.meta.dirname', JSON.stringify(dirname(path))).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href))
              : text;
            return { contents: located, loader: 'ts' };
          });
        },
      },
    ],
  });
  const files = Object.keys(result.metafile.inputs)
    .map((input) => resolve(input))
    .filter((file) => file.startsWith(ROOT) && !file.includes('/node_modules/'));
  // This file too: a change to how the bundle is built makes the next start build it again.
  const inputs: Inputs = { builtAt: Date.now(), files: [...files, import.meta.filename, join(ROOT, 'package-lock.json')] };
  writeFileSync(join(staging, START_BUNDLE_INPUTS), JSON.stringify(inputs));
  rmSync(START_BUNDLE_DIR, { recursive: true, force: true });
  renameSync(staging, START_BUNDLE_DIR);
};
