import { startApp } from './app.ts';
import { loadConfig } from './config.ts';

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
