import anyTest, { type TestFn } from 'ava';
import { generateKeyPairSync } from 'node:crypto';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { DocuSignESignatureProvider } from '../../../adapters/esign/docusign-esignature-provider.ts';
import { isDomainError } from '../../../core/shared/domain-error.ts';
import { LOOPBACK_TLS, startDocuSignDouble } from '../../support/docusign-double.ts';

const test = anyTest as TestFn<{ double: Awaited<ReturnType<typeof startDocuSignDouble>>; provider: DocuSignESignatureProvider; privateKey: string }>;
const REGISTERED = {
  integrationKey: '4c2b1a90-1f7e-4d2a-9b3c-5e6f7a8b9c0d',
  userId: 'c7b1a0d2-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
  accountId: '8f4e5d2a-1b3c-4d5e-9f70-123456789abc',
};
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const SIGNERS = [{ name: 'Ida Insured', email: 'ida@example.com' }];

test.before(async (t) => {
  // The SDK speaks HTTPS only: the double's certificate is trusted beside the system's.
  setDefaultCACertificates([...getCACertificates('default'), LOOPBACK_TLS.ca]);
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const double = await startDocuSignDouble({ ...REGISTERED, publicKey });
  const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const provider = new DocuSignESignatureProvider({ ...REGISTERED, privateKey: pem, oAuthHost: double.oAuthHost, basePath: double.basePath });
  t.context = { double, provider, privateKey: pem };
});
test.after.always(async (t) => t.context.double.close());

const failure = async (t: { throwsAsync: (fn: () => Promise<unknown>) => Promise<unknown> }, work: () => Promise<unknown>) => {
  const error = await t.throwsAsync(work);
  if (!isDomainError(error)) throw new Error(`not a domain error: ${String(error)}`);
  return error;
};

/** Sends the test PDF to the one signer under this service's envelope id. */
const sendAs = (provider: DocuSignESignatureProvider, idempotencyKey: string, subject: string | null = null) =>
  provider.send({ filename: 'receipt.pdf', contentType: 'application/pdf', bytes: PDF, signers: SIGNERS, subject, idempotencyKey });

test.serial('an envelope reaches DocuSign with the stored PDF, its signers and this service’s id, through a JWT-grant token', async (t) => {
  const { double, provider } = t.context;
  const { externalDocumentId } = await sendAs(provider, 'env_1', 'Please sign');
  const envelope = double.envelopes.get(externalDocumentId);
  t.truthy(envelope);
  t.deepEqual(envelope?.documentBytes, PDF);
  t.like(envelope?.signers[0], { email: 'ida@example.com', name: 'Ida Insured', recipientId: '1' });
  t.is(envelope?.emailSubject, 'Please sign');
  t.deepEqual(envelope?.customFields, { textCustomFields: [{ name: 'serviceEnvelopeId', value: 'env_1', show: 'false', required: 'false' }] });
  // The token is kept: a second envelope asks for none.
  const issued = double.control.tokensIssued;
  await sendAs(provider, 'env_2');
  t.is(double.control.tokensIssued, issued);
});

test.serial('an expired token is renewed once and the call goes through; a rate limit is a 502 with retryAfter', async (t) => {
  const { double, provider } = t.context;
  const { externalDocumentId } = await sendAs(provider, 'env_3');
  double.expireTokens();
  const issued = double.control.tokensIssued;
  await provider.void(externalDocumentId, 'Sent in error');
  t.is(double.envelopes.get(externalDocumentId)?.status, 'voided');
  t.is(double.envelopes.get(externalDocumentId)?.voidedReason, 'Sent in error');
  t.is(double.control.tokensIssued, issued + 1);
  await provider.void(externalDocumentId, 'again');
  t.pass('voiding a voided envelope is no error');

  double.control.rateLimitNext = 1;
  const limited = await failure(t, () => sendAs(provider, 'env_4'));
  t.is(limited.code, 'esign_provider_error');
  t.like(limited.details, { provider: 'docusign', providerStatus: 429, providerCode: 'HOURLY_APIINVOCATION_LIMIT_EXCEEDED' });
  t.true(Number(limited.details?.retryAfter) > 0);
});

test('the signed copy is handed over only once DocuSign reports the envelope completed; a completed envelope cannot be voided', async (t) => {
  const { double, provider } = t.context;
  const { externalDocumentId } = await sendAs(provider, 'env_5');
  const early = await failure(t, () => provider.signedCopy(externalDocumentId));
  t.like(early.details, { providerCode: 'ENVELOPE_NOT_COMPLETED' });
  t.is(await provider.heldStatus(externalDocumentId), 'open');
  double.complete(externalDocumentId);
  t.is(await provider.heldStatus(externalDocumentId), 'completed');
  const copy = await provider.signedCopy(externalDocumentId);
  t.true(Buffer.from(copy).subarray(0, PDF.length).equals(PDF));
  const refused = await failure(t, () => provider.void(externalDocumentId, 'too late'));
  t.like(refused.details, { providerStatus: 400, providerCode: 'ENVELOPE_CANNOT_VOID_INVALID_STATE' });
});

test('a key DocuSign does not know for the integration is refused at the token: 502 naming invalid_grant', async (t) => {
  const { double } = t.context;
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const stranger = new DocuSignESignatureProvider({ ...REGISTERED, privateKey: other, oAuthHost: double.oAuthHost, basePath: double.basePath });
  const refused = await failure(t, () => sendAs(stranger, 'env_6'));
  t.like(refused.details, { provider: 'docusign', providerStatus: 400, providerCode: 'invalid_grant' });
});
