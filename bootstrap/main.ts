import { enableCompileCache } from 'node:module';

// The service is hundreds of TypeScript modules: Node keeps their stripped and compiled form on disk
// (NODE_COMPILE_CACHE, else the system's temporary folder), so a restart reads them instead of
// compiling them again. Enabled before anything else is imported; a cache that cannot be written
// only costs the compiling.
enableCompileCache();
const { startApp } = await import('./app.ts');
const { loadConfig } = await import('./config.ts');

try {
  const app = await startApp(loadConfig());
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      app.logger.info({ signal }, 'shutting down');
      app.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          app.logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
} catch (error) {
  console.error(`Start failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
