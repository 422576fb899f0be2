import test from 'ava';
import { esignSettings } from '../../bootstrap/esign-settings.ts';

const DOCUSIGN = {
  DOCUSIGN_INTEGRATION_KEY: '4c2b1a90-1f7e-4d2a-9b3c-5e6f7a8b9c0d',
  DOCUSIGN_USER_ID: 'c7b1a0d2-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
  DOCUSIGN_ACCOUNT_ID: '8f4e5d2a-1b3c-4d5e-9f70-123456789abc',
  DOCUSIGN_PRIVATE_KEY: '-----BEGIN RSA PRIVATE KEY-----\n…\n-----END RSA PRIVATE KEY-----',
};

test('e-signature settings: local by default; a real provider needs its settings whole; production needs the account’s own DocuSign host', (t) => {
  t.like(esignSettings({}, 'local'), { provider: 'local', docuSign: null, dropboxSign: null, docuSignConnectKeys: [] });
  t.throws(() => esignSettings({ ESIGN_PROVIDER: 'adobe-sign' }, 'local'), { message: /ESIGN_PROVIDER must be one of local, docusign, dropbox-sign/ });
  t.throws(() => esignSettings({ ESIGN_PROVIDER: 'docusign' }, 'local'), { message: /needs the DOCUSIGN_\* settings/ });
  t.throws(() => esignSettings({ ESIGN_PROVIDER: 'dropbox-sign' }, 'local'), { message: /needs DROPBOX_SIGN_API_KEY/ });
  t.throws(() => esignSettings({ DOCUSIGN_INTEGRATION_KEY: 'x' }, 'local'), { message: /DocuSign needs/ });

  t.like(esignSettings({ ESIGN_PROVIDER: 'docusign', ...DOCUSIGN }, 'sandbox').docuSign, {
    oAuthHost: 'account-d.docusign.com',
    basePath: 'https://demo.docusign.net/restapi',
  });
  t.throws(() => esignSettings({ ESIGN_PROVIDER: 'docusign', ...DOCUSIGN }, 'production'), { message: /DOCUSIGN_BASE_PATH/ });
  t.like(esignSettings({ ESIGN_PROVIDER: 'docusign', ...DOCUSIGN, DOCUSIGN_BASE_PATH: 'https://na4.docusign.net/restapi' }, 'production').docuSign, {
    oAuthHost: 'account.docusign.com',
    basePath: 'https://na4.docusign.net/restapi',
  });

  t.like(esignSettings({ DROPBOX_SIGN_API_KEY: 'k' }, 'sandbox').dropboxSign, { testMode: true, basePath: 'https://api.hellosign.com/v3' });
  t.like(esignSettings({ DROPBOX_SIGN_API_KEY: 'k' }, 'production').dropboxSign, { testMode: false });
  t.deepEqual(esignSettings({ DOCUSIGN_CONNECT_HMAC_KEYS: ' old-key , new-key ,' }, 'local').docuSignConnectKeys, ['old-key', 'new-key']);
});
