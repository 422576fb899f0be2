import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { MailMessage, Mailer } from '../../ports/shared/mailer.port.ts';
import { writeFileDurably } from '../shared/durable-file.ts';
import { isoInstant } from '../../core/shared/iso-instant.ts';

/**
 * Development mail: one JSON file per message in a directory (`DATA_DIR/outbox/`), with `to`,
 * `subject`, `text`, `html` and `createdAt` (the message's date: the organization's clock), each
 * written whole, so a reader never sees half a message.
 */
export class OutboxFileMailer implements Mailer {
  private readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  async send(message: MailMessage): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const createdAt = message.date ?? new Date();
    // Named by the moment it was written (files list in the order sent), stamped with the business's time.
    const name = `${Date.now()}-${randomBytes(6).toString('hex')}.json`;
    const mail = { to: message.to, subject: message.subject, text: message.text, html: message.html, createdAt: isoInstant(createdAt) };
    await writeFileDurably(join(this.dir, name), `${JSON.stringify(mail, null, 2)}\n`);
  }
}
