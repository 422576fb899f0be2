import { randomBytes } from 'node:crypto';
import { open, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Writes a whole file or nothing: a temporary file beside it is synced, renamed into place, and
 * the directory synced, so after a crash a reader finds the old file, the new one, or none.
 */
export const writeFileDurably = async (path: string, bytes: Uint8Array | string): Promise<void> => {
  const directory = dirname(path);
  const temporary = join(directory, `.${randomBytes(6).toString('hex')}.tmp`);
  const file = await open(temporary, 'w', 0o600);
  try {
    await file.writeFile(bytes);
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(temporary, path);
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
};
