/**
 * Proof that whoever signed up reads the mailbox: a 6-digit code mailed at sign-up. Until it is
 * confirmed the account cannot sign in, so knowing an organization's e-mail domain is not enough
 * to get into it.
 */
export const EMAIL_CODE_TTL_MS = 30 * 60_000;
/** Wrong tries after which the code stops working (a new one can be requested). */
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
/** Codes mailed to one address per hour, sign-up included: the resend route cannot flood a mailbox. */
export const EMAIL_CODES_PER_HOUR = 5;
export const EMAIL_CODE_WINDOW_MS = 60 * 60_000;

export interface EmailVerification {
  /** The user's id: one pending code per account, a new one replaces the old. */
  readonly id: string;
  readonly orgId: string;
  readonly email: string;
  /** SHA-256 of the code; the code itself is only ever in the mail. */
  readonly codeHash: string;
  readonly attempts: number;
  readonly expiresAt: Date;
  readonly createdAt: Date;
}

export const verificationMail = (code: string): { subject: string; text: string; html: string } => ({
  subject: 'Confirm your e-mail address',
  text: `Your confirmation code is ${code}. It works once, for 30 minutes.\n\nIf you did not sign up, ignore this message.`,
  html: `<p>Your confirmation code is <strong>${code}</strong>. It works once, for 30 minutes.</p><p>If you did not sign up, ignore this message.</p>`,
});
