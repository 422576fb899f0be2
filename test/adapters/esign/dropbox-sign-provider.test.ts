import anyTest, { type TestFn } from 'ava';
import { DropboxSignESignatureProvider } from '../../../adapters/esign/dropbox-sign-esignature-provider.ts';
import { isDomainError } from '../../../core/shared/domain-error.ts';
import { startDropboxSignDouble } from '../../support/dropbox-sign-double.ts';

const API_KEY = 'dbx-api-key-0123456789abcdef0123456789abcdef0123456789abcdef';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const SIGNERS = [
  { name: 'Ida Insured', email: 'ida@example.com' },
  { name: 'Paul Producer', email: 'paul@example.com' },
];
const test = anyTest as TestFn<{ double: Awaited<ReturnType<typeof startDropboxSignDouble>>; provider: DropboxSignESignatureProvider }>;

test.before(async (t) => {
  const double = await startDropboxSignDouble(API_KEY);
  t.context = { double, provider: new DropboxSignESignatureProvider({ apiKey: API_KEY, basePath: double.basePath, testMode: true }) };
});
test.after.always(async (t) => t.context.double.close());

const failure = async (t: { throwsAsync: (fn: () => Promise<unknown>) => Promise<unknown> }, work: () => Promise<unknown>) => {
  const error = await t.throwsAsync(work);
  if (!isDomainError(error)) throw new Error(`not a domain error: ${String(error)}`);
  return error;
};
const send = (provider: DropboxSignESignatureProvider, key: string) =>
  provider.send({ filename: 'receipt.pdf', contentType: 'application/pdf', bytes: PDF, signers: SIGNERS, subject: 'Please sign', idempotencyKey: key });

test('a signature request reaches Dropbox Sign as its form: the file, every signer, test mode and this service’s id', async (t) => {
  const { double, provider } = t.context;
  const { externalDocumentId } = await send(provider, 'env_1');
  const request = double.requests.get(externalDocumentId);
  t.deepEqual(request?.file.bytes, PDF);
  t.is(request?.file.filename, 'receipt.pdf');
  t.deepEqual(request?.signers, [
    { name: 'Ida Insured', email_address: 'ida@example.com' },
    { name: 'Paul Producer', email_address: 'paul@example.com' },
  ]);
  t.true(request?.test_mode);
  t.deepEqual(request?.metadata, { serviceEnvelopeId: 'env_1' });
});

test('cancel withdraws the request (again is no error); the signed PDF only once complete; a completed one cannot be cancelled', async (t) => {
  const { double, provider } = t.context;
  const cancelled = await send(provider, 'env_2');
  await provider.void(cancelled.externalDocumentId);
  t.true(double.requests.get(cancelled.externalDocumentId)?.is_canceled);
  await provider.void(cancelled.externalDocumentId);
  t.is(await provider.heldStatus(cancelled.externalDocumentId), 'voided');
  const signed = await send(provider, 'env_3');
  t.is(await provider.heldStatus(signed.externalDocumentId), 'open');
  t.like((await failure(t, () => provider.signedCopy(signed.externalDocumentId))).details, { providerCode: 'not_complete' });
  double.complete(signed.externalDocumentId);
  t.true(
    Buffer.from(await provider.signedCopy(signed.externalDocumentId))
      .subarray(0, PDF.length)
      .equals(PDF),
  );
  t.like((await failure(t, () => provider.void(signed.externalDocumentId))).details, { providerStatus: 400, providerCode: 'bad_request' });
});

// Serial: it arms the double to refuse its next call, which a test running beside it would take.
test.serial('a wrong API key is 502 naming unauthorized; a rate limit is 502 with retryAfter; an unknown request not_found', async (t) => {
  const { double, provider } = t.context;
  const stranger = new DropboxSignESignatureProvider({ apiKey: 'not-the-key', basePath: double.basePath, testMode: true });
  t.like((await failure(t, () => send(stranger, 'env_4'))).details, { provider: 'dropbox-sign', providerStatus: 401, providerCode: 'unauthorized' });
  double.control.rateLimitNext = 1;
  const limited = await failure(t, () => send(provider, 'env_5'));
  t.is(limited.code, 'esign_provider_error');
  t.like(limited.details, { providerStatus: 429, providerCode: 'exceeded_rate' });
  t.true(Number(limited.details?.retryAfter) > 0);
  t.like((await failure(t, () => provider.signedCopy('0000000000000000000000000000000000000000'))).details, { providerStatus: 404, providerCode: 'not_found' });
});
