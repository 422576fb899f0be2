import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { startApp, type RunningApp } from '../../bootstrap/app.ts';
import { loadConfig, type AppConfig } from '../../bootstrap/config.ts';
import { createLogger } from '../../bootstrap/logger.ts';
import type { CollectionStore } from '../../ports/shared/persistence/collection-store.port.ts';

export const MACHINE_SECRET = 'test-machine-secret-0123456789abcdef';
export const JWT_SECRET = 'test-jwt-secret-0123456789abcdef0123456789';

export interface TestApp {
  readonly api: string;
  readonly auth: string;
  readonly app: RunningApp;
  readonly config: AppConfig;
  close(): Promise<void>;
}

export interface TestAppOptions {
  readonly env?: Record<string, string>;
  readonly logger?: Logger;
  readonly store?: (config: AppConfig) => Promise<CollectionStore>;
}

/** The real servers on random ports over a fresh data directory. */
export const startTestApp = async (options: TestAppOptions = {}): Promise<TestApp> => {
  const dataDir = await mkdtemp(join(tmpdir(), 'api-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    AUTH_PORT: '0',
    API_SECRET: MACHINE_SECRET,
    JWT_SECRET,
    PASSWORD_HASH_COST: '1024',
    RATE_LIMIT_PER_MINUTE: '1000000',
    JOB_LOCK_LIFETIME_MS: '2000',
    ...(process.env.MONGODB_URI ? { MONGODB_URI: process.env.MONGODB_URI, MONGODB_DB: `http_${Date.now()}_${Math.random().toString(16).slice(2, 8)}` } : {}),
    ...options.env,
  });
  let app: RunningApp;
  try {
    const store = options.store ? await options.store(config) : undefined;
    app = await startApp(config, { logger: options.logger ?? createLogger('silent'), ...(store ? { store } : {}) });
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    api: `http://127.0.0.1:${app.apiPort}`,
    auth: `http://127.0.0.1:${app.authPort}`,
    app,
    config,
    close: async () => {
      await app.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

export interface CallOptions {
  readonly token?: string;
  readonly apiKey?: string;
  readonly body?: unknown;
  readonly rawBody?: string | Buffer;
  readonly headers?: Record<string, string>;
}

export interface CallResult {
  readonly status: number;
  readonly body: any;
  readonly headers: Headers;
}

export const call = async (base: string, method: string, path: string, options: CallOptions = {}): Promise<CallResult> => {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.apiKey) headers['x-api-key'] = options.apiKey;
  let body: string | Buffer | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${base}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed, headers: response.headers };
};

export interface Tenant {
  readonly orgId: string;
  readonly adminEmail: string;
  readonly adminToken: string;
  readonly adminId: string;
}

let counter = 0;
export const PASSWORD = 'correct horse battery staple';

/**
 * What production needs besides the secrets test apps always get: the providers' callback keys and
 * a mail server (this one refuses connections; a test that reads mail brings its own).
 */
export const PRODUCTION_ENV = {
  APP_ENV: 'production',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  IDENTITY_WEBHOOK_SECRET: 'x',
  EMAIL_WEBHOOK_SECRET: 'whsec_eA==',
  ESIGN_WEBHOOK_SECRET: 'x',
  SMTP_URL: 'smtp://127.0.0.1:9',
} as const;

/** A user of the tenant with `role`, created by its administrator and signed in: its id and JWT. */
export const signedInUser = async (app: TestApp, tenant: Tenant, role: string, name: string = role): Promise<{ id: string; token: string }> => {
  const email = `${name}@${tenant.adminEmail.split('@')[1]}`;
  const created = await call(app.api, 'POST', '/v1/users', { token: tenant.adminToken, body: { email, password: PASSWORD, role, name } });
  if (created.status !== 201) throw new Error(`${role}: ${created.status} ${JSON.stringify(created.body)}`);
  const token = (await call(app.auth, 'POST', '/api/auth/sign-in/email', { body: { email, password: PASSWORD } })).body.token;
  return { id: created.body.id, token };
};

/** An organization with an org_admin signed in through the authentication service. */
export const createTenant = async (app: TestApp, options: { tier?: string; domain?: string; testClock?: string } = {}): Promise<Tenant> => {
  counter += 1;
  const domain = options.domain ?? `tenant${counter}-${Date.now()}.test`;
  const org = await call(app.api, 'POST', '/v1/organizations', {
    token: MACHINE_SECRET,
    body: {
      name: `Tenant ${counter}`,
      allowedDomains: [domain],
      ...(options.tier ? { tier: options.tier } : {}),
      ...(options.testClock ? { testClock: { frozenTime: options.testClock } } : {}),
    },
  });
  if (org.status !== 201) throw new Error(`organization: ${org.status} ${JSON.stringify(org.body)}`);
  const adminEmail = `admin@${domain}`;
  const user = await call(app.api, 'POST', '/v1/users', {
    token: MACHINE_SECRET,
    body: { email: adminEmail, password: PASSWORD, role: 'org_admin', name: 'Admin', orgId: org.body.id },
  });
  if (user.status !== 201) throw new Error(`user: ${user.status} ${JSON.stringify(user.body)}`);
  const signIn = await call(app.auth, 'POST', '/api/auth/sign-in/email', { body: { email: adminEmail, password: PASSWORD } });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${JSON.stringify(signIn.body)}`);
  return { orgId: org.body.id, adminEmail, adminToken: signIn.body.token, adminId: user.body.id };
};

export const createApiKey = async (app: TestApp, tenant: Tenant, scopes: string[], expiresAt: string | null = null): Promise<string> => {
  const created = await call(app.api, 'POST', '/v1/api-keys', { token: tenant.adminToken, body: { name: 'test key', scopes, expiresAt } });
  if (created.status !== 201) throw new Error(`api key: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.key;
};

/** A signed HS256 token with arbitrary header and claims, for testing what the API refuses. */
export const forgeJwt = (header: object, claims: object, secret = JWT_SECRET, sign = true): string => {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode(header)}.${encode(claims)}`;
  if (!sign) return `${unsigned}.`;
  const { createHmac } = process.getBuiltinModule('node:crypto');
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
};

let producers = 0;
/** A producer of the tenant, created the way producers join: signing up with the organization's e-mail domain. */
export const createProducer = async (app: TestApp, tenant: Tenant): Promise<string> => {
  producers += 1;
  const domain = tenant.adminEmail.slice(tenant.adminEmail.indexOf('@') + 1);
  const created = await call(app.auth, 'POST', '/api/auth/sign-up/email', {
    body: { email: `producer${producers}@${domain}`, password: PASSWORD, name: `Producer ${producers}`, orgId: tenant.orgId },
  });
  if (created.status !== 201) throw new Error(`sign-up: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.producerId;
};

/** The codes mailed to `email` under a subject starting with `subject`, oldest first (the local outbox holds every mail as a JSON file). */
export const mailedCodes = async (app: TestApp, email: string, subject: string): Promise<string[]> => {
  const outbox = join(app.config.dataDir, 'outbox');
  const names = (await readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith('.json')).sort();
  const codes: string[] = [];
  for (const name of names) {
    const mail = JSON.parse(await readFile(join(outbox, name), 'utf8')) as { to: string[]; subject: string; text: string };
    if (mail.to.includes(email.toLowerCase()) && mail.subject.startsWith(subject)) codes.push(/\b(\d{6})\b/.exec(mail.text)?.[1] ?? '');
  }
  return codes;
};

/** The newest confirmation code mailed to `email`. */
export const mailedCode = async (app: TestApp, email: string): Promise<string> => {
  const code = (await mailedCodes(app, email, 'Confirm your e-mail address')).at(-1);
  if (!code) throw new Error(`no confirmation code mailed to ${email}`);
  return code;
};

/** Waits (up to 5 s) for mail number `count` to `email` under `subject`, and returns its code: for mail sent after the answer. */
export const awaitMailedCode = async (app: TestApp, email: string, subject: string, count: number): Promise<string> => {
  for (let waited = 0; waited < 5_000; waited += 25) {
    const codes = await mailedCodes(app, email, subject);
    if (codes.length >= count) return codes[count - 1] as string;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`mail ${count} to ${email} (${subject}) did not arrive`);
};

/** Signs up through the authentication service and confirms the mailed code, as a new producer would. */
export const signUpVerified = async (app: TestApp, tenant: Tenant, email: string, name = 'Pat Producer'): Promise<{ id: string; producerId: string }> => {
  const created = await call(app.auth, 'POST', '/api/auth/sign-up/email', { body: { email, password: PASSWORD, name, orgId: tenant.orgId } });
  if (created.status !== 201) throw new Error(`sign-up: ${created.status} ${JSON.stringify(created.body)}`);
  const verified = await call(app.auth, 'POST', '/api/auth/verify-email', { body: { email, code: await mailedCode(app, email) } });
  if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${JSON.stringify(verified.body)}`);
  return created.body;
};
