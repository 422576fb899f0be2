import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { FileContent, FileStorage, StoredFile } from '../../ports/documents/file-storage.port.ts';

export interface S3Settings {
  readonly bucket: string;
  /** An S3-compatible endpoint (MinIO, s3rver, another provider); absent: AWS itself. */
  readonly endpoint: string | null;
  readonly region: string;
  /** Absent: the SDK's own chain (environment, profile, instance role). */
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string } | null;
  /** Bucket in the path rather than the host name, as most S3-compatible servers need. */
  readonly forcePathStyle: boolean;
}

const isMissing = (error: unknown): boolean =>
  error instanceof NoSuchKey ||
  (error as { name?: string }).name === 'NoSuchKey' ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * Document bytes in an S3 bucket, one object per key. Uploads are streamed from their staged file
 * with their length, hashed on the way; the SHA-256 is kept as object metadata as well.
 */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      // Checksums only where S3 requires them: many S3-compatible servers refuse the trailing
      // checksums the SDK would otherwise add to every streamed upload. Our own SHA-256 is kept.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
    });
  }

  async put(key: string, content: FileContent, contentType: string): Promise<StoredFile> {
    if (content instanceof Uint8Array) {
      const sha256 = createHash('sha256').update(content).digest('hex');
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: content,
          ContentType: contentType,
          ContentLength: content.byteLength,
          Metadata: { sha256 },
        }),
      );
      return { size: content.byteLength, sha256 };
    }
    // The digest must be known before the request is sent to be kept as metadata: a first pass
    // hashes the file, the second streams it.
    const { size } = await stat(content.path);
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(content.path)) hash.update(chunk as Buffer);
    const sha256 = hash.digest('hex');
    const body = createReadStream(content.path);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: size, Metadata: { sha256 } }),
    );
    return { size, sha256 };
  }

  async get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
    const object = await this.fetch(key);
    if (!object?.Body) return null;
    return { bytes: await object.Body.transformToByteArray(), contentType: object.ContentType ?? 'application/octet-stream' };
  }

  async open(key: string): Promise<{ stream: Readable; size: number; contentType: string } | null> {
    const object = await this.fetch(key);
    if (!object?.Body) return null;
    return { stream: object.Body as Readable, size: object.ContentLength ?? 0, contentType: object.ContentType ?? 'application/octet-stream' };
  }

  close(): void {
    this.client.destroy();
  }

  private async fetch(key: string) {
    try {
      return await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }
}
