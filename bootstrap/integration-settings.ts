/**
 * The settings of the external systems the service may be connected to (OpenFGA, enterprise
 * sign-on, apps' cookie keys, SMTP, an AI provider, S3), each read from the environment and
 * checked whole: a half-configured integration stops the start with a message naming what is missing.
 */
import type { AiSettings } from '../adapters/documents/ai-document-classifier.ts';
import type { S3Settings } from '../adapters/documents/s3-file-storage.ts';
import type { SmtpSettings } from '../adapters/notifications/smtp-mailer.ts';
import type { SsoSettings } from '../adapters/security/oidc-enterprise-provider.ts';
import { SIGN_IN_APP_NAMES, type SignInAppName } from '../core/identity/sign-in-apps.ts';
import type { Environment } from '../core/tenancy/organization.ts';
import { integer, type Env } from './env.ts';

export const openfgaSettings = (env: Env): { apiUrl: string; storeId: string; apiToken: string | null } | null => {
  const apiUrl = env.OPENFGA_API_URL || null;
  const storeId = env.OPENFGA_STORE_ID || null;
  if (!apiUrl && !storeId) return null;
  if (!apiUrl || !storeId) throw new Error('OPENFGA_API_URL and OPENFGA_STORE_ID are set together, or neither.');
  return { apiUrl, storeId, apiToken: env.OPENFGA_API_TOKEN || null };
};

export const appCookieKeys = (env: Env): Partial<Record<SignInAppName, string>> => {
  const keys: Partial<Record<SignInAppName, string>> = {};
  for (const app of SIGN_IN_APP_NAMES) {
    const name = `PORTAL_COOKIE_KEY_${app.toUpperCase()}`;
    const key = env[name];
    if (!key) continue;
    if (key.length < 32) throw new Error(`${name} must be at least 32 characters.`);
    keys[app] = key;
  }
  return keys;
};

const SSO_VARIABLES = ['SSO_ISSUER', 'SSO_CLIENT_ID', 'SSO_CLIENT_SECRET', 'SSO_TENANT_ID', 'PORTAL_URLS'] as const;

export const ssoSettings = (env: Env, authBaseUrl: string): SsoSettings | null => {
  const given = SSO_VARIABLES.filter((name) => env[name]);
  if (given.length === 0) return null;
  if (given.length !== SSO_VARIABLES.length)
    throw new Error(`Enterprise sign-in needs all of ${SSO_VARIABLES.join(', ')}; missing: ${SSO_VARIABLES.filter((name) => !env[name]).join(', ')}.`);
  const appOrigins = (env.PORTAL_URLS as string)
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of appOrigins) {
    if (!URL.canParse(origin)) throw new Error(`PORTAL_URLS holds '${origin}', which is not a URL.`);
  }
  return {
    issuer: env.SSO_ISSUER as string,
    clientId: env.SSO_CLIENT_ID as string,
    clientSecret: env.SSO_CLIENT_SECRET as string,
    tenantId: env.SSO_TENANT_ID as string,
    appOrigins,
    redirectUri: `${authBaseUrl}/api/auth/callback/enterprise`,
  };
};

export const smtpSettings = (env: Env, environment: Environment): SmtpSettings | null => {
  if (!env.SMTP_URL) {
    if (environment === 'production') {
      throw new Error('APP_ENV=production needs SMTP_URL: sign-in codes, sign-up confirmations and financial alerts are mailed.');
    }
    return null;
  }
  let url: URL;
  try {
    url = new URL(env.SMTP_URL);
  } catch {
    throw new Error('SMTP_URL must be a URL such as smtp://user:password@mail.example.com:587.');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error('SMTP_URL must start with smtp:// or smtps://.');
  return { url: env.SMTP_URL, from: env.MAIL_FROM || `Insurance Platform <no-reply@${url.hostname}>` };
};

export const aiSettings = (env: Env): AiSettings | null => {
  if (!env.AI_BASE_URL && !env.AI_API_KEY) return null;
  if (!env.AI_BASE_URL || !env.AI_API_KEY) throw new Error('AI_BASE_URL and AI_API_KEY are set together, or neither.');
  return { baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL || 'gpt-4o-mini', timeoutMs: integer(env, 'AI_TIMEOUT_MS', 15_000) };
};

export const s3Settings = (env: Env): S3Settings | null => {
  if (!env.S3_BUCKET) return null;
  const accessKeyId = env.S3_ACCESS_KEY_ID || null;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || null;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together, or neither.');
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT || null,
    region: env.S3_REGION || 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
    // S3-compatible servers commonly need path-style addressing; AWS itself does not.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : Boolean(env.S3_ENDPOINT),
  };
};
