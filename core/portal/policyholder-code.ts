/**
 * Policyholders sign in without a password: a 6-digit code mailed to the insured's address on
 * file, good for 10 minutes, once, and for five tries at most.
 */
export const POLICYHOLDER_CODE_TTL_MS = 10 * 60_000;
export const POLICYHOLDER_CODE_MAX_ATTEMPTS = 5;
/** Codes mailed per policy per hour: nobody can flood an insured's mailbox. */
export const POLICYHOLDER_CODES_PER_HOUR = 5;
export const POLICYHOLDER_CODE_WINDOW_MS = 60 * 60_000;
/**
 * Guesses per policy number, whatever the organizations holding it and however many codes are
 * pending: one insured needs a try or two; a guesser gets no more than this in the window.
 */
export const POLICYHOLDER_GUESSES_PER_NUMBER = 10;
export const POLICYHOLDER_GUESS_WINDOW_MS = 10 * 60_000;
/** The policyholder JWT lives as long as any service JWT. */
export const POLICYHOLDER_TOKEN_TTL_SECONDS = 8 * 60 * 60;

export interface PolicyholderCode {
  /**
   * The code's own id. A policy may have several pending codes (each mailed request its own): a
   * request made for a policy number shared by another organization's policy must not end the
   * code its insured is about to enter.
   */
  readonly id: string;
  readonly policyId: string;
  readonly orgId: string;
  /** Policy numbers are unique within an organization only; a request names the number alone. */
  readonly policyNumber: string;
  /** SHA-256 of the code's id and the code; the code itself is only ever in the mail. */
  readonly codeHash: string;
  readonly attempts: number;
  readonly expiresAt: Date;
  readonly createdAt: Date;
}

export const policyholderCodeMail = (code: string, policyNumber: string): { subject: string; text: string; html: string } => ({
  subject: `Your sign-in code for policy ${policyNumber}`,
  text: `Your sign-in code is ${code}. It works once, for 10 minutes.\n\nIf you did not ask for it, ignore this message.`,
  html: `<p>Your sign-in code is <strong>${code}</strong>. It works once, for 10 minutes.</p><p>If you did not ask for it, ignore this message.</p>`,
});
