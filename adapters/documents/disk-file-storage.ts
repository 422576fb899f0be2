import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import type { FileStorage } from '../../ports/documents/file-storage.port.ts';
import { writeFileDurably } from '../shared/durable-file.ts';

const CONTENT_TYPE_SUFFIX = '.content-type';

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

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<{ size: number; sha256: string }> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFileDurably(`${path}${CONTENT_TYPE_SUFFIX}`, contentType);
    await writeFileDurably(path, bytes);
    return { size: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
  }

  async get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
    const path = this.pathOf(key);
    try {
      const [bytes, contentType] = await Promise.all([readFile(path), readFile(`${path}${CONTENT_TYPE_SUFFIX}`, 'utf8')]);
      return { bytes: new Uint8Array(bytes), contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
}
