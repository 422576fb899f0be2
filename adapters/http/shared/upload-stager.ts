import busboy from 'busboy';
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { SNIFF_BYTES } from '../../../core/documents/content-sniffing.ts';
import { DomainError, validationFailed } from '../../../core/shared/domain-error.ts';
import type { StagedFile } from '../../../ports/documents/staged-file.port.ts';
import { payloadTooLarge } from './body-reader.ts';
import { mediaTypeOf } from './request-meta.ts';

export interface UploadSpec {
  readonly maxBytes: number;
  /** Raw body types taken as the file; the range "any type" (star slash star) takes whatever type is declared, for routes that type the file by its bytes. */
  readonly contentTypes: readonly string[];
  /** The multipart field that carries the file. */
  readonly field: string;
}

/**
 * Multipart limits: one file, a few small fields, few header lines per part. busboy itself caps
 * a part's header block at 16 KiB, so no header text of attacker-chosen size is ever scanned.
 */
const MULTIPART_LIMITS = { files: 1, parts: 8, fields: 6, fieldSize: 16 * 1024, fieldNameSize: 100, headerPairs: 16 } as const;
/** Room for boundaries, part headers and the small fields around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 128 * 1024;

const malformed = (message: string) => validationFailed('body', 'multipart', message);

/** Streams `source` into a new file, hashing it and keeping its head, and stops as soon as it passes `limit` bytes. */
const writeToFile = (source: Readable, path: string, limit: number): Promise<{ size: number; sha256: string; head: Uint8Array }> =>
  new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    const head = Buffer.alloc(SNIFF_BYTES);
    const sink = createWriteStream(path, { flags: 'wx', mode: 0o600 });
    let size = 0;
    let settled = false;
    let ended = false;
    const stop = (error: Error) => {
      if (settled) return;
      settled = true;
      source.off('data', onData);
      source.pause();
      // Settles only once the file is closed, so removing it afterwards cannot race a late open.
      sink.once('close', () => reject(error));
      sink.destroy();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return stop(payloadTooLarge(limit));
      const offset = size - chunk.length;
      if (offset < SNIFF_BYTES) chunk.copy(head, offset, 0, Math.min(chunk.length, SNIFF_BYTES - offset));
      hash.update(chunk);
      if (!sink.write(chunk)) {
        source.pause();
        sink.once('drain', () => settled || source.resume());
      }
    };
    source.on('data', onData);
    source.once('end', () => {
      ended = true;
      if (settled) return;
      sink.end(() => {
        if (settled) return;
        settled = true;
        resolve({ size, sha256: hash.digest('hex'), head: new Uint8Array(head.subarray(0, Math.min(size, SNIFF_BYTES))) });
      });
    });
    const interrupted = () => stop(new DomainError('validation_failed', 'The upload ended before it was complete.', { field: 'body', rule: 'complete' }));
    source.once('error', interrupted);
    source.once('close', () => ended || interrupted());
    sink.once('error', stop);
  });

/** The `field` file of a `multipart/form-data` body, parsed as it streams (busboy). */
const stageMultipart = (request: IncomingMessage, spec: UploadSpec, path: string): Promise<StagedFile> =>
  new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // File names are read as UTF-8 (what browsers and fetch send), not busboy's default latin1.
      parser = busboy({ headers: request.headers, defParamCharset: 'utf8', limits: { ...MULTIPART_LIMITS, fileSize: spec.maxBytes } });
    } catch {
      reject(malformed('The multipart body has no boundary.'));
      return;
    }
    let failed = false;
    let file: Promise<StagedFile> | null = null;
    let fileStream: Readable | null = null;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      request.unpipe(parser);
      request.pause();
      parser.removeAllListeners('file');
      // A file still being written is stopped and closed first, so the caller's removal of it is final.
      if (!file) return reject(error);
      fileStream?.destroy();
      file.then(
        () => reject(error),
        () => reject(error),
      );
    };
    let received = 0;
    request.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > spec.maxBytes + MULTIPART_OVERHEAD_BYTES) fail(payloadTooLarge(spec.maxBytes));
    });
    parser.on('file', (name, stream, info) => {
      if (name !== spec.field || file) {
        stream.resume();
        return;
      }
      stream.once('limit', () => fail(payloadTooLarge(spec.maxBytes)));
      fileStream = stream;
      file = writeToFile(stream, path, spec.maxBytes).then(({ size, sha256, head }) => ({
        path,
        size,
        sha256,
        head,
        contentType: info.mimeType || 'application/octet-stream',
        filename: info.filename ?? null,
      }));
      file.catch(fail);
    });
    parser.on('error', () => fail(malformed('The multipart body is malformed.')));
    parser.on('partsLimit', () => fail(malformed(`A multipart body may have at most ${MULTIPART_LIMITS.parts} parts.`)));
    parser.on('filesLimit', () => fail(malformed('A multipart body may carry one file.')));
    parser.on('fieldsLimit', () => fail(malformed(`A multipart body may have at most ${MULTIPART_LIMITS.fields} fields.`)));
    parser.on('close', () => {
      if (failed) return;
      if (!file) return fail(validationFailed(spec.field, 'required', `The multipart body has no '${spec.field}' file part.`));
      file.then(resolve, fail);
    });
    request.pipe(parser);
  });

/** Whether the request carries a file for a route that takes `spec` (as opposed to JSON). */
export const carriesUpload = (request: IncomingMessage, spec: UploadSpec | undefined): boolean => {
  if (!spec) return false;
  const type = mediaTypeOf(request);
  return type === 'multipart/form-data' || spec.contentTypes.includes(type) || (type !== '' && spec.contentTypes.includes('*/*'));
};

/**
 * Receives uploads into files under one directory, one file per request, removed once the
 * response is finished.
 */
export class UploadStager {
  private readonly directory: string;
  private ready: Promise<unknown> | null = null;

  constructor(directory: string) {
    this.directory = directory;
  }

  /** The staged upload, or null when the request carries none. `release` must be called once done. */
  async stage(request: IncomingMessage, spec: UploadSpec | undefined): Promise<StagedFile | null> {
    if (!spec || !carriesUpload(request, spec)) return null;
    const declared = Number(request.headers['content-length']);
    const type = mediaTypeOf(request);
    const multipart = type === 'multipart/form-data';
    if (Number.isFinite(declared) && declared > spec.maxBytes + (multipart ? MULTIPART_OVERHEAD_BYTES : 0)) throw payloadTooLarge(spec.maxBytes);
    this.ready ??= mkdir(this.directory, { recursive: true, mode: 0o700 });
    await this.ready;
    const path = join(this.directory, randomUUID());
    try {
      if (multipart) return await stageMultipart(request, spec, path);
      const { size, sha256, head } = await writeToFile(request, path, spec.maxBytes);
      return { path, size, sha256, head, contentType: type, filename: null };
    } catch (error) {
      await this.release(path);
      throw error;
    }
  }

  /** Removes what a previous process left staged when it stopped mid-request. */
  async clear(): Promise<void> {
    await rm(this.directory, { recursive: true, force: true });
    this.ready = null;
  }

  async release(path: string): Promise<void> {
    await rm(path, { force: true });
  }
}

/** 415 for a body sent to a route that takes only a file: what it accepts instead. */
export const uploadOnly = (upload: UploadSpec, contentType: string | undefined): DomainError =>
  new DomainError(
    'unsupported_media_type',
    `This route accepts a file: ${upload.contentTypes.join(' or ')}, or multipart/form-data with a \`${upload.field}\` part.`,
    {
      contentType: contentType ?? null,
    },
  );
