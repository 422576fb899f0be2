import { readFileSync } from 'node:fs';
import type { Environment } from '../core/tenancy/organization.ts';
import type { Env } from './env.ts';
import type { DocuSignSettings } from '../adapters/esign/docusign-esignature-provider.ts';
import type { DropboxSignSettings } from '../adapters/esign/dropbox-sign-esignature-provider.ts';

export const ESIGN_PROVIDERS = ['local', 'docusign', 'dropbox-sign'] as const;
export type ESignProviderName = (typeof ESIGN_PROVIDERS)[number];

export interface ESignSettings {
  readonly provider: ESignProviderName;
  readonly docuSign: DocuSignSettings | null;
  readonly dropboxSign: DropboxSignSettings | null;
  /** DocuSign Connect HMAC keys the receiver accepts (several while one is rotated). */
  readonly docuSignConnectKeys: readonly string[];
}

const DOCUSIGN_VARIABLES = ['DOCUSIGN_INTEGRATION_KEY', 'DOCUSIGN_USER_ID', 'DOCUSIGN_ACCOUNT_ID'] as const;

const docuSignSettings = (env: Env, environment: Environment): DocuSignSettings | null => {
  const given = DOCUSIGN_VARIABLES.filter((name) => env[name]);
  const key = env.DOCUSIGN_PRIVATE_KEY || (env.DOCUSIGN_PRIVATE_KEY_FILE ? readFileSync(env.DOCUSIGN_PRIVATE_KEY_FILE, 'utf8') : '');
  if (given.length === 0 && !key) return null;
  if (given.length !== DOCUSIGN_VARIABLES.length || !key) {
    throw new Error(`DocuSign needs ${DOCUSIGN_VARIABLES.join(', ')} and DOCUSIGN_PRIVATE_KEY (or DOCUSIGN_PRIVATE_KEY_FILE).`);
  }
  const production = environment === 'production';
  // A production account lives on its own host (na2, eu, …): its base URI is not the demo one.
  if (production && !env.DOCUSIGN_BASE_PATH)
    throw new Error('In production DocuSign needs DOCUSIGN_BASE_PATH: the account base URI + /restapi (Settings → Apps and Keys).');
  return {
    integrationKey: env.DOCUSIGN_INTEGRATION_KEY as string,
    userId: env.DOCUSIGN_USER_ID as string,
    accountId: env.DOCUSIGN_ACCOUNT_ID as string,
    privateKey: key,
    oAuthHost: env.DOCUSIGN_OAUTH_HOST || (production ? 'account.docusign.com' : 'account-d.docusign.com'),
    basePath: env.DOCUSIGN_BASE_PATH || 'https://demo.docusign.net/restapi',
  };
};

/** Which provider sends envelopes, and the keys each provider's callbacks are checked with. */
export const esignSettings = (env: Env, environment: Environment): ESignSettings => {
  const provider = (env.ESIGN_PROVIDER || 'local') as ESignProviderName;
  if (!ESIGN_PROVIDERS.includes(provider)) throw new Error(`ESIGN_PROVIDER must be one of ${ESIGN_PROVIDERS.join(', ')}, got '${provider}'.`);
  const docuSign = docuSignSettings(env, environment);
  const dropboxSign = env.DROPBOX_SIGN_API_KEY
    ? {
        apiKey: env.DROPBOX_SIGN_API_KEY,
        basePath: env.DROPBOX_SIGN_API_BASE || 'https://api.hellosign.com/v3',
        testMode: env.DROPBOX_SIGN_TEST_MODE ? env.DROPBOX_SIGN_TEST_MODE === 'true' : environment !== 'production',
      }
    : null;
  if (provider === 'docusign' && !docuSign) throw new Error('ESIGN_PROVIDER=docusign needs the DOCUSIGN_* settings.');
  if (provider === 'dropbox-sign' && !dropboxSign) throw new Error('ESIGN_PROVIDER=dropbox-sign needs DROPBOX_SIGN_API_KEY.');
  const docuSignConnectKeys = (env.DOCUSIGN_CONNECT_HMAC_KEYS || '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  return { provider, docuSign, dropboxSign, docuSignConnectKeys };
};
