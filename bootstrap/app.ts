import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { HttpServer } from '../adapters/http/shared/http-server.ts';
import { secretHeaderNames } from '../adapters/http/shared/request-meta.ts';
import { RequestPipeline } from '../adapters/http/shared/request-pipeline.ts';
import { IdempotentPosts } from '../adapters/http/shared/idempotent-posts.ts';
import { meteredStore } from '../adapters/metrics/metered-store.ts';
import { PromMetrics } from '../adapters/metrics/prom-metrics.ts';
import type { RouteDefinition } from '../adapters/http/shared/route.ts';
import type { UpgradeRoute } from '../adapters/http/shared/upgrade-route.ts';
import { UploadStager } from '../adapters/http/shared/upload-stager.ts';
import { buildOpenApiDocuments } from '../adapters/http/platform/openapi-document.ts';
import { healthRoutes, openApiRoute } from '../adapters/http/platform/health.routes.ts';
import { docsRoutes } from '../adapters/http/platform/docs.routes.ts';
import type { CollectionStore } from '../ports/shared/persistence/collection-store.port.ts';
import type { AppConfig } from './config.ts';
import { buildContainer, contextModules } from './container.ts';
import { createAccessLogger, createLogger } from './logger.ts';
import { openStore } from './open-store.ts';
import { AUDIT } from './audit.tokens.ts';
import { AUTHORIZATION } from './authorization.tokens.ts';
import { DOCUMENTS } from './documents.tokens.ts';
import { FLAGS } from './flags.tokens.ts';
import { IDENTITY } from './identity.tokens.ts';
import { PLATFORM } from './platform.tokens.ts';
import { RATE_LIMIT } from './rate-limit.tokens.ts';
import { TENANCY } from './tenancy.tokens.ts';
import { WEBHOOKS } from './webhooks.tokens.ts';

const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const urlOf = (host: string, port: number): string => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

/** The one line a newcomer reads: where the service answers, and what it runs on (never a secret's value). */
const startLine = (fields: { apiUrl: string; authUrl: string; environment: string; store: string; dataDir: string; secretsFile?: string }): string =>
  [
    `API ${fields.apiUrl}`,
    `auth ${fields.authUrl}`,
    `environment ${fields.environment}`,
    `store ${fields.store === 'sqlite' ? `sqlite in ${fields.dataDir}/store` : fields.store}`,
    ...(fields.secretsFile ? [`secrets file ${fields.secretsFile}`] : []),
  ].join(' · ');

/** A port another program holds is said in one line, with the setting that moves it. */
const listenOrExplain = async (server: HttpServer, name: string, setting: string, port: number, host: string): Promise<number> => {
  try {
    return await server.listen(port, host);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new Error(`The ${name} port ${port} on ${host} is already in use; stop the program using it or set ${setting} to a free port.`);
    if (code === 'EACCES') throw new Error(`The ${name} may not listen on port ${port} on ${host}; set ${setting} to a port above 1023.`);
    throw error;
  }
};

export interface RunningApp {
  readonly apiPort: number;
  readonly authPort: number;
  readonly store: CollectionStore;
  readonly logger: Logger;
  /** Graceful: stop accepting, finish requests in progress, close the store. */
  stop(): Promise<void>;
}

export interface StartOptions {
  readonly logger?: Logger;
  readonly store?: CollectionStore;
}

export const startApp = async (config: AppConfig, options: StartOptions = {}): Promise<RunningApp> => {
  const logger = options.logger ?? createLogger(config.logLevel);
  const metrics = new PromMetrics();
  const store = meteredStore(options.store ?? (await openStore(config)), metrics);
  const modules = contextModules(config, store, logger, metrics);
  const { container, resolve } = await buildContainer(modules);
  const apiRoutes: RouteDefinition[] = [];
  const authRoutes: RouteDefinition[] = [];
  const sockets: UpgradeRoute[] = [];
  for (const module of modules) {
    apiRoutes.push(...((await module.routes?.(resolve)) ?? []));
    authRoutes.push(...((await module.authRoutes?.(resolve)) ?? []));
    sockets.push(...((await module.sockets?.(resolve)) ?? []));
  }
  const jobs = await resolve(PLATFORM.JobRunner);
  for (const module of modules) jobs.register((await module.jobs?.(resolve)) ?? []);
  if (config.environment === 'production' && config.esign.provider === 'local') {
    logger.warn('ESIGN_PROVIDER is local: envelopes are recorded but reach no signer (set docusign or dropbox-sign)');
  }
  const pdfWorkers = await resolve(DOCUMENTS.PdfWorkers);
  const renderer = await resolve(DOCUMENTS.HtmlRenderer);
  if (config.render.warmAtStart) {
    // A browser that cannot start leaves the service up: renders answer 503 and say why.
    renderer.warm().catch((error: unknown) => logger.warn({ err: error }, 'PDF rendering is unavailable: Chromium did not start'));
  }
  // Each server describes itself at /openapi.json and /docs. The API also serves the
  // authentication routes at the same paths, and describes them, so one base URL works with any
  // generated client; the authentication service's own description lists only its routes. Both
  // are built on the first request for one, not while the service starts.
  let documents: ReturnType<typeof buildOpenApiDocuments> | undefined;
  const described = (): ReturnType<typeof buildOpenApiDocuments> =>
    (documents ??= buildOpenApiDocuments({
      apiRoutes,
      authServiceRoutes: authServerRoutes,
      apiBaseUrl: config.publicBaseUrl,
      authBaseUrl: config.authBaseUrl,
      version: VERSION,
    }));
  apiRoutes.push(
    ...authRoutes,
    openApiRoute(() => described().api),
    ...docsRoutes('Insurance Platform API reference'),
  );
  const authServerRoutes: RouteDefinition[] = [
    ...healthRoutes(store),
    openApiRoute(() => described().auth),
    ...docsRoutes('Insurance Platform authentication service reference'),
    ...authRoutes,
  ];
  const accessLogger = createAccessLogger(logger);
  const uploads = new UploadStager(join(config.dataDir, 'staging'));
  await uploads.clear();
  const secretHeaders = secretHeaderNames(apiRoutes);
  const pipeline = () =>
    new RequestPipeline({
      authenticate: container.get(IDENTITY.Authenticate),
      rateLimiter: container.get(RATE_LIMIT.RateLimiter),
      secretHeaders,
      logger,
      accessLogger,
      trustedProxyHops: config.trustedProxyHops,
      uploads,
      strictTransportSecurity: config.environment === 'production',
      records: container.get(AUTHORIZATION.RecordAccess),
      reads: container.get(AUTHORIZATION.ReadAudit),
      features: container.get(FLAGS.FeatureFlags),
      idempotency: new IdempotentPosts(container.get(PLATFORM.IdempotencyKeys)),
      metrics,
      audit: container.get(AUDIT.AuditTrail),
      requestWrites: container.get(PLATFORM.RequestWrites),
    });
  await resolve(IDENTITY.Authenticate);
  await resolve(AUTHORIZATION.RecordAccess);
  await resolve(AUTHORIZATION.ReadAudit);
  await resolve(FLAGS.FeatureFlags);
  await resolve(PLATFORM.IdempotencyKeys);
  await resolve(AUDIT.AuditTrail);
  const webhooks = await resolve(WEBHOOKS.Webhooks);
  metrics.watchOutbox(() => webhooks.outboxLag());
  await resolve(RATE_LIMIT.RateLimiter);
  // Every process reads the organizations' test clocks before it serves and every second after,
  // so a clock advanced by another process is seen here too (local and sandbox only).
  const clockTimes = config.environment === 'production' ? null : await resolve(TENANCY.TestClocks);
  await clockTimes?.load();
  const clockReader = clockTimes
    ? setInterval(() => void clockTimes.load().catch((error: unknown) => logger.warn({ err: error }, 'reading test clocks failed')), 1_000)
    : null;
  clockReader?.unref();
  const api = new HttpServer('api', apiRoutes, pipeline(), logger, config.http, sockets);
  // The authentication service answers the same health and readiness probes as the API.
  const auth = new HttpServer('auth', authServerRoutes, pipeline(), logger, config.http);
  const stopAll = async () => {
    if (clockReader) clearInterval(clockReader);
    await Promise.all([api.stop(), auth.stop()]);
    await jobs.stop();
    await pdfWorkers.close();
    await renderer.close();
    await store.close();
  };
  let apiPort: number;
  let authPort: number;
  try {
    await jobs.start();
    apiPort = await listenOrExplain(api, 'API', 'PORT', config.port, config.host);
    authPort = await listenOrExplain(auth, 'authentication service', 'AUTH_PORT', config.authPort, config.host);
  } catch (error) {
    // Nothing stays behind: the other server, the jobs, the worker threads and the data directory lock are released.
    await stopAll().catch(() => {});
    throw error;
  }
  const started = {
    apiUrl: urlOf(config.host, apiPort),
    authUrl: urlOf(config.host, authPort),
    environment: config.environment,
    store: store.engine,
    dataDir: config.dataDir,
    ...(config.secretsFile ? { secretsFile: config.secretsFile } : {}),
  };
  logger.info(started, startLine(started));

  let stopping: Promise<void> | null = null;
  return {
    apiPort,
    authPort,
    store,
    logger,
    stop: () =>
      (stopping ??= (async () => {
        await stopAll();
        accessLogger.flush();
        logger.info('stopped');
        logger.flush();
      })()),
  };
};
