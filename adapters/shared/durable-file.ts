import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** A whole content, or its chunks as they are read (a large file streamed in). */
type DurableContent = Uint8Array | string | AsyncIterable<Uint8Array>;

/**
 * Writes a whole file or nothing: a temporary file beside it is synced, renamed into place, and
 * the directory synced, so after a crash a reader finds the old file, the new one, or none.
 */
export const writeFileDurably = async (path: string, content: DurableContent): Promise<void> => {
  const directory = dirname(path);
  const temporary = join(directory, `.${randomBytes(6).toString('hex')}.tmp`);
  const file = await open(temporary, 'w', 0o600);
  try {
    try {
      if (typeof content === 'string' || content instanceof Uint8Array) await file.writeFile(content);
      else for await (const chunk of content) await file.write(chunk);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
};
