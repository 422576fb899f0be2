// The platform on the embedded store, started as `npm start` would, printing its ports once up.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp } from '../bootstrap/app.ts';
import { loadConfig } from '../bootstrap/config.ts';
import { createLogger } from '../bootstrap/logger.ts';
import { SqliteStore } from '../adapters/persistence/sqlite/sqlite-store.engine.ts';
import { seedPolicies } from './seed.ts';

const config = loadConfig({ ...process.env, DATA_DIR: process.env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'bench-')), PORT: '0', AUTH_PORT: '0' });
// Request logs stay on (info), written where production would write them: a pipe, here to /dev/null.
const seed = Number(process.env.BENCH_SEED_POLICIES ?? 0);
const store = await SqliteStore.open({ dir: config.dataDir, cacheMiB: config.storeCacheMiB });
if (seed > 0) await seedPolicies(store, seed);
const app = await startApp(config, {
  store,
  logger: createLogger(config.logLevel, (await import('pino')).default.destination({ dest: '/dev/null', sync: true, minLength: 4096 })),
});
process.stdout.write(`${JSON.stringify({ apiPort: app.apiPort, authPort: app.authPort })}\n`);
// Stopped as main.ts stops: gracefully, then exit (which also writes a CPU profile when asked for one).
process.once('SIGTERM', () => void app.stop().finally(() => process.exit(0)));
