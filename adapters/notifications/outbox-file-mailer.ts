import { randomBytes } from 'node:crypto';
import { mkdir, open, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { MailMessage, Mailer } from '../../ports/notifications/mailer.port.ts';

/**
 * Development mail: one JSON file per message in a directory (`DATA_DIR/outbox/`), with `to`,
 * `subject`, `text`, `html` and `createdAt`. Written to a temporary name, synced, then renamed, so
 * a reader never sees half a message.
 */
export class OutboxFileMailer implements Mailer {
  private readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  async send(message: MailMessage): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const createdAt = new Date();
    const name = `${createdAt.getTime()}-${randomBytes(6).toString('hex')}.json`;
    const temporary = join(this.dir, `.${name}.tmp`);
    const file = await open(temporary, 'w', 0o600);
    try {
      await file.writeFile(`${JSON.stringify({ to: message.to, subject: message.subject, text: message.text, html: message.html, createdAt: createdAt.toISOString() }, null, 2)}\n`);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, join(this.dir, name));
  }
}
