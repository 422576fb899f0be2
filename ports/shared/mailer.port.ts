export interface MailMessage {
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** Outgoing e-mail; resolves once the message is handed over durably. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
