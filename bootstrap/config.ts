import { DEFAULT_CHROMIUM, type ChromiumOptions } from '../adapters/documents/chromium-renderer.ts';
import { resolve } from 'node:path';
import { ENVIRONMENTS, type Environment } from '../core/tenancy/organization.ts';
import { integer, type Env } from './env.ts';
import { aiSettings, openfgaSettings, appCookieKeys, s3Settings, smtpSettings, ssoSettings } from './integration-settings.ts';
import type { AiSettings } from '../adapters/documents/ai-document-classifier.ts';
import type { S3Settings } from '../adapters/documents/s3-file-storage.ts';
import type { SmtpSettings } from '../adapters/notifications/smtp-mailer.ts';
import type { SsoSettings } from '../adapters/security/oidc-enterprise-provider.ts';
import type { SignInAppName } from '../core/identity/sign-in-apps.ts';
import { validHostedFlowUrl } from '../core/producers/identity-verification-link.ts';
import { esignSettings, type ESignSettings } from './esign-settings.ts';
import { loadSecrets, type Secrets } from './secrets.ts';

/** The database on MongoDB when MONGODB_DB is not set. */
export const DEFAULT_MONGODB_DB = 'insurance';
/** SQLite's page cache of the embedded store when STORE_CACHE_MIB is not set. */
export const DEFAULT_STORE_CACHE_MIB = 32;

export interface AppConfig {
  readonly environment: Environment;
  readonly host: string;
  readonly port: number;
  readonly authPort: number;
  readonly dataDir: string;
  readonly mongodbUri: string | null;
  readonly mongodbDb: string;
  /** SQLite's page cache for the embedded store: its memory bound, whatever the amount of data. */
  readonly storeCacheMiB: number;
  /** Another base for the payment processor's API (a test double on loopback); null: the processor itself. */
  readonly stripeApiBase: string | null;
  /** The identity provider's hosted verification flow handed to new producers at sign-up; null: none. */
  readonly identityVerificationUrl: string | null;
  /** Who sends envelopes for signature (`ESIGN_PROVIDER`), and the providers' callback keys. */
  readonly esign: ESignSettings;
  /** An OpenFGA server for relationship checks; null: the embedded engine over the store. */
  readonly openfga: { readonly apiUrl: string; readonly storeId: string; readonly apiToken: string | null } | null;
  /** Each portal's own cookie key (`PORTAL_COOKIE_KEY_<PORTAL>`); a portal without one has no callback here. */
  readonly appCookieKeys: Readonly<Partial<Record<SignInAppName, string>>>;
  /** Enterprise single sign-on (OpenID Connect); null when not configured. */
  readonly sso: SsoSettings | null;
  /** The SMTP server mail goes through; required in production (codes, confirmations and alerts are mailed). */
  readonly smtp: SmtpSettings | null;
  /** An OpenAI-compatible provider that classifies ingested documents; null: the embedded classifier alone. */
  readonly ai: AiSettings | null;
  /** An S3 bucket (or S3-compatible server) for document bytes; null: the data directory, or the store on MongoDB. */
  readonly s3: S3Settings | null;
  readonly publicBaseUrl: string;
  /** A bearer token that reads `/metrics` besides the machine secret (for a scraper that should hold nothing more). */
  readonly metricsToken: string | null;
  readonly authBaseUrl: string;
  readonly logLevel: string;
  /**
   * Proxies in front of the service that append the client address to `X-Forwarded-For`
   * (`TRUST_PROXY`: `true` is one, a number is that many); 0 trusts none.
   */
  readonly trustedProxyHops: number;
  readonly http: HttpLimits;
  readonly pdf: {
    readonly threads: number;
    readonly budgetMs: number;
    readonly maxQueue: number;
    readonly maxQueuePerTenant: number;
    /** Worker time one organization's documents may take to read per minute, whatever the number of requests. */
    readonly readMsPerMinute: number;
    /** Keep the reading threads started while idle instead of starting them with the first upload. */
    readonly warm: boolean;
  };
  /** HTML to PDF through Chromium; `warmAtStart` launches the browser with the service instead of on the first render. */
  readonly render: ChromiumOptions & { readonly warmAtStart: boolean };
  /** Replaces the environment's per-minute default (100 in local and sandbox); organizations may still override. */
  readonly defaultRateLimit: number | null;
  /** Lock lifetime of a running job (Agenda); a job running longer must be taken over by another worker. */
  readonly jobLockLifetimeMs: number;
  /** How long a test clock advance may run before its call answers 202 and lets it go on (30 s). */
  readonly testClockAnswerMs: number;
  /** Deal room WebSockets: ping interval, and the queue beyond which a slow client is dropped. */
  readonly dealRoomSockets: {
    readonly heartbeatMs: number;
    readonly maxBufferedBytes: number;
    readonly recheckMs: number;
    /** Deal-room sockets: their own cap beside `http.maxConnections`, and each tenant's and person's share. */
    readonly caps: {
      readonly total: number;
      readonly perOrganization: number;
      readonly perAuthor: number;
      readonly perAuthorInRoom: number;
      readonly perRoom: number;
    };
  };
  /** scrypt cost N; lower only in tests. */
  readonly passwordHashCost: number;
  /** Bytes each organization may keep of what its callers upload or render (claim attachments, ingested and rendered documents). */
  readonly storageQuotaBytes: number;
  readonly secrets: Secrets;
  /** Where generated local secrets were written, for the start-up log. */
  readonly secretsFile: string | null;
}

/** Socket limits of both HTTP servers: slow or idle clients are cut off instead of held. */
interface HttpLimits {
  /** Time to receive the request headers. */
  readonly headersTimeoutMs: number;
  /** Time to receive the whole request, body included. */
  readonly requestTimeoutMs: number;
  /** Idle time a kept-alive connection is held between requests. */
  readonly keepAliveTimeoutMs: number;
  /** Open connections per server; more are refused at accept. */
  readonly maxConnections: number;
}

const trustedProxyHops = (raw: string | undefined): number => {
  if (raw === undefined || raw === '' || raw === 'false') return 0;
  if (raw === 'true') return 1;
  const hops = Number(raw);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10) throw new Error(`TRUST_PROXY must be true, false or a number of proxies (0-10), got '${raw}'.`);
  return hops;
};

/** Both the server and the store, or neither: half a configuration stops the start. */
export const loadConfig = (env: Env = process.env): AppConfig => {
  const environment = (env.APP_ENV || 'local') as Environment;
  if (!ENVIRONMENTS.includes(environment)) throw new Error(`APP_ENV must be one of ${ENVIRONMENTS.join(', ')}, got '${environment}'.`);
  const port = integer(env, 'PORT', 8080);
  const authPort = integer(env, 'AUTH_PORT', 8081);
  const dataDir = resolve(env.DATA_DIR || './data');
  const { secrets, file } = loadSecrets(env, environment, dataDir);
  const defaultRateLimit = env.RATE_LIMIT_PER_MINUTE ? integer(env, 'RATE_LIMIT_PER_MINUTE', 0) : null;
  return {
    environment,
    host: env.HOST || (environment === 'local' ? '127.0.0.1' : '0.0.0.0'),
    port,
    authPort,
    dataDir,
    mongodbUri: env.MONGODB_URI || null,
    mongodbDb: env.MONGODB_DB || DEFAULT_MONGODB_DB,
    storeCacheMiB: Math.max(2, integer(env, 'STORE_CACHE_MIB', DEFAULT_STORE_CACHE_MIB)),
    stripeApiBase: env.STRIPE_API_BASE || null,
    identityVerificationUrl: env.IDENTITY_VERIFICATION_URL ? validHostedFlowUrl(env.IDENTITY_VERIFICATION_URL) : null,
    esign: esignSettings(env, environment),
    openfga: openfgaSettings(env),
    smtp: smtpSettings(env, environment),
    appCookieKeys: appCookieKeys(env),
    sso: ssoSettings(env, env.AUTH_BASE_URL || `http://localhost:${authPort}`),
    ai: aiSettings(env),
    s3: s3Settings(env),
    publicBaseUrl: env.PUBLIC_BASE_URL || `http://localhost:${port}`,
    metricsToken: env.METRICS_TOKEN || null,
    authBaseUrl: env.AUTH_BASE_URL || `http://localhost:${authPort}`,
    logLevel: env.LOG_LEVEL || 'info',
    trustedProxyHops: trustedProxyHops(env.TRUST_PROXY),
    http: {
      headersTimeoutMs: integer(env, 'HTTP_HEADERS_TIMEOUT_MS', 20_000),
      requestTimeoutMs: integer(env, 'HTTP_REQUEST_TIMEOUT_MS', 120_000),
      keepAliveTimeoutMs: integer(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 5_000),
      maxConnections: integer(env, 'HTTP_MAX_CONNECTIONS', 1_000),
    },
    pdf: {
      threads: Math.max(1, integer(env, 'PDF_WORKERS', 1)),
      budgetMs: Math.max(100, integer(env, 'PDF_PARSE_BUDGET_MS', 5_000)),
      maxQueue: integer(env, 'PDF_QUEUE', 8),
      maxQueuePerTenant: Math.max(1, integer(env, 'PDF_QUEUE_PER_ORGANIZATION', 3)),
      readMsPerMinute: Math.max(1_000, integer(env, 'PDF_READ_MS_PER_MINUTE', 20_000)),
      warm: env.PDF_WARM_START === 'true',
    },
    render: {
      executablePath: env.PUPPETEER_EXECUTABLE_PATH || DEFAULT_CHROMIUM.executablePath,
      pages: Math.max(1, integer(env, 'RENDER_PAGES', DEFAULT_CHROMIUM.pages)),
      maxQueue: integer(env, 'RENDER_QUEUE', DEFAULT_CHROMIUM.maxQueue),
      maxQueuePerTenant: Math.max(1, integer(env, 'RENDER_QUEUE_PER_ORGANIZATION', DEFAULT_CHROMIUM.maxQueuePerTenant)),
      budgetMs: Math.max(500, integer(env, 'RENDER_BUDGET_MS', DEFAULT_CHROMIUM.budgetMs)),
      warmAtStart: env.RENDER_WARM_START ? env.RENDER_WARM_START === 'true' : environment === 'production',
      noSandbox: env.RENDER_NO_SANDBOX === 'true',
    },
    defaultRateLimit: defaultRateLimit && defaultRateLimit > 0 ? defaultRateLimit : null,
    passwordHashCost: integer(env, 'PASSWORD_HASH_COST', 2 ** 15),
    storageQuotaBytes: Math.max(1, integer(env, 'STORAGE_QUOTA_BYTES', 10 * 1024 ** 3)),
    jobLockLifetimeMs: integer(env, 'JOB_LOCK_LIFETIME_MS', 60_000),
    testClockAnswerMs: Math.max(0, integer(env, 'TEST_CLOCK_ANSWER_MS', 30_000)),
    dealRoomSockets: {
      heartbeatMs: Math.max(100, integer(env, 'DEAL_ROOM_HEARTBEAT_MS', 30_000)),
      maxBufferedBytes: Math.max(64 * 1024, integer(env, 'DEAL_ROOM_MAX_BUFFER_BYTES', 1024 * 1024)),
      recheckMs: Math.max(100, integer(env, 'DEAL_ROOM_RECHECK_MS', 60_000)),
      caps: {
        total: Math.max(1, integer(env, 'DEAL_ROOM_MAX_CONNECTIONS', 2_000)),
        perOrganization: Math.max(1, integer(env, 'DEAL_ROOM_CONNECTIONS_PER_ORGANIZATION', 500)),
        perAuthor: Math.max(1, integer(env, 'DEAL_ROOM_CONNECTIONS_PER_PERSON', 50)),
        perAuthorInRoom: Math.max(1, integer(env, 'DEAL_ROOM_CONNECTIONS_PER_PERSON_IN_ROOM', 5)),
        perRoom: Math.max(1, integer(env, 'DEAL_ROOM_CONNECTIONS_PER_ROOM', 1_000)),
      },
    },
    secrets,
    secretsFile: file,
  };
};
