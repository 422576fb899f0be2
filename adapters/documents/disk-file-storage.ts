import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { FileContent, FileStorage, StoredFile } from '../../ports/documents/file-storage.port.ts';
import { writeFileDurably } from '../shared/durable-file.ts';

const CONTENT_TYPE_SUFFIX = '.content-type';

const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The chunks of `content`, hashed and counted as they pass. */
async function* measured(content: FileContent, into: { size: number; hash: ReturnType<typeof createHash> }): AsyncIterable<Uint8Array> {
  const chunks: AsyncIterable<Uint8Array> | Uint8Array[] = content instanceof Uint8Array ? [content] : createReadStream(content.path);
  for await (const chunk of chunks) {
    into.size += chunk.byteLength;
    into.hash.update(chunk);
    yield chunk;
  }
}

/** Files under a root directory, one per key, each written whole or not at all. */
export class DiskFileStorage implements FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  private pathOf(key: string): string {
    const path = normalize(join(this.root, key));
    if (!path.startsWith(this.root + sep) || key.endsWith(CONTENT_TYPE_SUFFIX)) throw new Error(`Invalid storage key: ${key}`);
    return path;
  }

  async put(key: string, content: FileContent, contentType: string): Promise<StoredFile> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFileDurably(`${path}${CONTENT_TYPE_SUFFIX}`, contentType);
    const written = { size: 0, hash: createHash('sha256') };
    await writeFileDurably(path, measured(content, written));
    return { size: written.size, sha256: written.hash.digest('hex') };
  }

  async get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
    const path = this.pathOf(key);
    try {
      const [bytes, contentType] = await Promise.all([readFile(path), readFile(`${path}${CONTENT_TYPE_SUFFIX}`, 'utf8')]);
      return { bytes: new Uint8Array(bytes), contentType };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async open(key: string): Promise<{ stream: Readable; size: number; contentType: string } | null> {
    const path = this.pathOf(key);
    try {
      // One open file gives the size and the bytes, even if the key is stored again meanwhile.
      const contentType = await readFile(`${path}${CONTENT_TYPE_SUFFIX}`, 'utf8');
      const file = await open(path, 'r');
      const { size } = await file.stat().catch(async (error: unknown) => {
        await file.close();
        throw error;
      });
      return { stream: file.createReadStream(), size, contentType };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }
}
