import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Environment } from '../core/tenancy/organization.ts';
import type { Env } from './env.ts';

export interface Secrets {
  readonly apiSecret: string;
  readonly jwtSecret: string;
  readonly stripeSecretKey: string | null;
  readonly stripeWebhookSecret: string;
  readonly identityWebhookSecret: string;
  readonly emailWebhookSecret: string;
  readonly esignWebhookSecret: string;
}

const GENERATED: Record<Exclude<keyof Secrets, 'stripeSecretKey'>, { name: string; make: () => string }> = {
  apiSecret: { name: 'API_SECRET', make: () => randomBytes(32).toString('base64url') },
  jwtSecret: { name: 'JWT_SECRET', make: () => randomBytes(48).toString('base64url') },
  stripeWebhookSecret: { name: 'STRIPE_WEBHOOK_SECRET', make: () => `whsec_${randomBytes(24).toString('hex')}` },
  identityWebhookSecret: { name: 'IDENTITY_WEBHOOK_SECRET', make: () => randomBytes(32).toString('hex') },
  emailWebhookSecret: { name: 'EMAIL_WEBHOOK_SECRET', make: () => `whsec_${randomBytes(32).toString('base64')}` },
  esignWebhookSecret: { name: 'ESIGN_WEBHOOK_SECRET', make: () => randomBytes(32).toString('hex') },
};

/**
 * Secrets come from the environment. In `local`, a missing one is generated once and kept in
 * DATA_DIR/secrets.json (mode 0600); elsewhere a missing secret stops the start.
 */
export const loadSecrets = (env: Env, environment: Environment, dataDir: string): { secrets: Secrets; file: string | null } => {
  const file = join(dataDir, 'secrets.json');
  const missing = (Object.keys(GENERATED) as (keyof typeof GENERATED)[]).filter((key) => !env[GENERATED[key].name]);
  if (missing.length > 0 && environment !== 'local') {
    throw new Error(`Missing required secrets for APP_ENV=${environment}: ${missing.map((key) => GENERATED[key].name).join(', ')}.`);
  }
  let stored: Record<string, string> = {};
  if (missing.length > 0) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
    let changed = false;
    for (const key of missing) {
      const { name, make } = GENERATED[key];
      if (!stored[name]) {
        stored[name] = make();
        changed = true;
      }
    }
    if (changed) writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  const pick = (key: keyof typeof GENERATED): string => env[GENERATED[key].name] || (stored[GENERATED[key].name] as string);
  return {
    secrets: {
      apiSecret: pick('apiSecret'),
      jwtSecret: pick('jwtSecret'),
      stripeSecretKey: env.STRIPE_SECRET_KEY || null,
      stripeWebhookSecret: pick('stripeWebhookSecret'),
      identityWebhookSecret: pick('identityWebhookSecret'),
      emailWebhookSecret: pick('emailWebhookSecret'),
      esignWebhookSecret: pick('esignWebhookSecret'),
    },
    file: missing.length > 0 ? file : null,
  };
};
