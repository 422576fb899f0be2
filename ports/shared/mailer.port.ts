export interface MailMessage {
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /**
   * When the organization's business sent it, on its clock (a test clock's time while it lives on
   * one); absent: now. Mail that secures access (sign-in and verification codes) keeps real time.
   */
  readonly date?: Date;
}

/** Outgoing e-mail; resolves once the message is handed over durably. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
