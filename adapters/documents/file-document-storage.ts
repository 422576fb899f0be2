import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import type { DocumentStorage } from '../../ports/documents/document-storage.port.ts';

const CONTENT_TYPE_SUFFIX = '.content-type';

/**
 * Files under a root directory, one per key. A write goes to a temporary file that is synced and
 * then renamed, and the directory is synced, so a stored document survives a crash whole or not at all.
 */
export class FileDocumentStorage implements DocumentStorage {
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
    await writeDurably(`${path}${CONTENT_TYPE_SUFFIX}`, new TextEncoder().encode(contentType));
    await writeDurably(path, bytes);
    const directory = await open(dirname(path), 'r');
    try {
      await directory.sync();
    } finally {
      await directory.close();
    }
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

const writeDurably = async (path: string, bytes: Uint8Array): Promise<void> => {
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  const file = await open(temporary, 'w', 0o600);
  try {
    await file.writeFile(bytes);
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(temporary, path);
};
