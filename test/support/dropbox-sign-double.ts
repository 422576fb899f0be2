import busboy from 'busboy';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface DoubleRequest {
  signature_request_id: string;
  title: string;
  subject: string;
  test_mode: boolean;
  metadata: Record<string, string>;
  signers: { name: string; email_address: string }[];
  file: { filename: string; contentType: string; bytes: Buffer };
  is_complete: boolean;
  is_declined: boolean;
  is_canceled: boolean;
}

/** The form fields and files of a multipart request, as Dropbox Sign's API reads them. */
const readForm = (request: IncomingMessage): Promise<{ fields: Map<string, string>; files: Map<string, DoubleRequest['file']> }> =>
  new Promise((resolve, reject) => {
    const fields = new Map<string, string>();
    const files = new Map<string, DoubleRequest['file']>();
    const form = busboy({ headers: request.headers });
    form.on('field', (name, value) => fields.set(name, value));
    form.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => files.set(name, { filename: info.filename ?? '', contentType: info.mimeType, bytes: Buffer.concat(chunks) }));
    });
    form.on('close', () => resolve({ fields, files }));
    form.on('error', reject);
    request.pipe(form);
  });

/**
 * A loopback stand-in for the Dropbox Sign API v3: HTTP basic authentication with the API key,
 * `signature_request/send` from a multipart form with the file, `signature_request/{id}`,
 * `signature_request/cancel/{id}` and `signature_request/files/{id}` (409 while the files are not
 * ready). Errors are Dropbox Sign's `{ error: { error_msg, error_name } }`: `unauthorized`,
 * `exceeded_rate` (429 with X-Ratelimit-Reset), `not_found`, `conflict`.
 */
export const startDropboxSignDouble = async (apiKey: string) => {
  const requests = new Map<string, DoubleRequest>();
  const control = { rateLimitNext: 0 };
  const expected = `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`;

  const view = (entry: DoubleRequest) => ({
    signature_request: {
      signature_request_id: entry.signature_request_id,
      title: entry.title,
      subject: entry.subject,
      test_mode: entry.test_mode,
      metadata: entry.metadata,
      is_complete: entry.is_complete,
      is_declined: entry.is_declined,
      has_error: false,
      signatures: entry.signers.map((signer, index) => ({
        signature_id: `${entry.signature_request_id.slice(0, 20)}${index}`,
        signer_email_address: signer.email_address,
        signer_name: signer.name,
        status_code: entry.is_complete ? 'signed' : 'awaiting_signature',
      })),
    },
  });

  const handle = async (request: IncomingMessage): Promise<{ status: number; body: unknown; pdf?: Buffer }> => {
    const error = (status: number, name: string, message: string) => ({ status, body: { error: { error_msg: message, error_name: name } } });
    if (request.headers.authorization !== expected) return error(401, 'unauthorized', 'Unauthorized api key');
    if (control.rateLimitNext > 0) {
      control.rateLimitNext -= 1;
      return error(429, 'exceeded_rate', 'You have exceeded the rate limit for this endpoint.');
    }
    const url = new URL(request.url ?? '/', 'http://double');
    const [, version, resource, action, id] = url.pathname.split('/');
    if (version !== 'v3' || resource !== 'signature_request') return error(404, 'not_found', 'Not found');
    if (request.method === 'POST' && action === 'send') {
      const { fields, files } = await readForm(request);
      const file = files.get('files[0]') ?? files.get('file[0]');
      // The API takes nested parameters as bracketed form fields or, as the SDK sends them, JSON in one field.
      const signers: DoubleRequest['signers'] = fields.has('signers') ? JSON.parse(fields.get('signers') as string) : [];
      for (let n = 0; fields.has(`signers[${n}][email_address]`); n += 1) {
        signers.push({ name: fields.get(`signers[${n}][name]`) ?? '', email_address: fields.get(`signers[${n}][email_address]`) as string });
      }
      if (!file) return error(400, 'bad_request', 'Must specify files to be sent');
      if (signers.length === 0 || signers.some((signer) => !signer.name)) return error(400, 'bad_request', 'Must specify a name for each signer');
      const metadata: Record<string, string> = fields.has('metadata') ? JSON.parse(fields.get('metadata') as string) : {};
      for (const [name, value] of fields) {
        const key = /^metadata\[(.+)\]$/.exec(name)?.[1];
        if (key) metadata[key] = value;
      }
      const entry: DoubleRequest = {
        signature_request_id: randomBytes(20).toString('hex'),
        title: fields.get('title') ?? '',
        subject: fields.get('subject') ?? '',
        test_mode: fields.get('test_mode') === '1' || fields.get('test_mode') === 'true',
        metadata,
        signers,
        file,
        is_complete: false,
        is_declined: false,
        is_canceled: false,
      };
      requests.set(entry.signature_request_id, entry);
      return { status: 200, body: view(entry) };
    }
    const targetId = action === 'cancel' || action === 'files' ? id : action;
    const entry = targetId ? requests.get(targetId) : undefined;
    if (!entry) return error(404, 'not_found', 'Not found');
    if (request.method === 'GET' && action === 'files') {
      if (!entry.is_complete) return error(409, 'conflict', 'Files are still being processed. Please try again later.');
      return { status: 200, body: null, pdf: Buffer.concat([entry.file.bytes, Buffer.from('\n% signed\n')]) };
    }
    if (request.method === 'GET') return entry.is_canceled ? error(410, 'deleted', 'This resource has been deleted') : { status: 200, body: view(entry) };
    if (request.method === 'POST' && action === 'cancel') {
      if (entry.is_complete) return error(400, 'bad_request', 'Signature request has already been completed');
      if (entry.is_canceled) return error(410, 'deleted', 'This resource has been deleted');
      entry.is_canceled = true;
      return { status: 200, body: null };
    }
    return error(405, 'method_not_supported', 'Method not supported');
  };

  // Answers are written in two calls: restify, loaded in the same process, replaces writeHead with one that returns nothing.
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const write = (status: number, headers: Record<string, string>, body?: Buffer | string) => {
      response.writeHead(status, headers);
      response.end(body);
    };
    handle(request).then(
      (answer) => {
        if (answer.status === 429) response.setHeader('X-Ratelimit-Reset', String(Math.floor(Date.now() / 1000) + 60));
        if (answer.pdf) write(200, { 'content-type': 'application/pdf' }, answer.pdf);
        else if (answer.body === null) write(answer.status, {});
        else write(answer.status, { 'content-type': 'application/json' }, JSON.stringify(answer.body));
      },
      () => write(500, {}),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    basePath: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`,
    requests,
    control,
    /** A signer declined. */
    decline: (id: string) => {
      (requests.get(id) as DoubleRequest).is_declined = true;
    },
    /** Every signer signed: the request is complete and its files are ready. */
    complete: (id: string) => {
      (requests.get(id) as DoubleRequest).is_complete = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
