import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, Mailer } from '../../ports/shared/mailer.port.ts';

export interface SmtpSettings {
  /** `smtp://user:password@host:587` (STARTTLS when offered) or `smtps://…:465` (TLS from the start). */
  readonly url: string;
  /** The sender of every message, `Name <address>`. */
  readonly from: string;
}

/**
 * Mail through an SMTP server (nodemailer). A message counts as sent once the server has accepted
 * it for every recipient (250 after DATA); a refusal or a dropped connection rejects, so the
 * caller's queue keeps the message.
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  private readonly from: string;

  constructor(settings: SmtpSettings) {
    this.from = settings.from;
    const url = new URL(settings.url);
    const secure = url.protocol === 'smtps:';
    this.transport = nodemailer.createTransport({
      host: url.hostname,
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({
      from: this.from,
      to: [...message.to],
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(message.date ? { date: message.date } : {}),
    });
    const rejected = info.rejected ?? [];
    if (rejected.length > 0) throw new Error(`The mail server refused ${rejected.length} recipient(s).`);
  }

  close(): void {
    this.transport.close();
  }
}
