import { normalizeEmail } from '../../core/identity/credentials.rules.ts';
import { EMAIL_CODE_TTL_MS, EMAIL_CODE_WINDOW_MS, EMAIL_CODES_PER_HOUR, verificationMail } from '../../core/identity/email-verification.ts';
import type { User } from '../../core/identity/user.ts';
import { DomainError } from '../../core/shared/domain-error.ts';
import type { Mailer } from '../shared/mailer.port.ts';
import type { WindowCounter } from '../rate-limit/window-counter.port.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { SecretTools } from './credential-crypto.port.ts';
import type { EmailVerificationRepository } from './email-verification.repository.ts';
import type { UserRepository } from './user.repository.ts';

export interface EmailVerificationsDeps {
  readonly users: UserRepository;
  readonly codes: EmailVerificationRepository;
  readonly mailer: Mailer;
  readonly secrets: SecretTools;
  /** Counts codes mailed per address. */
  readonly mailWindows: WindowCounter;
  readonly clock: Clock;
}

const invalidCode = () => new DomainError('invalid_otp', 'The code is wrong, has expired or was already used; request a new one.');

/** Mailbox proof for self-service accounts: a code is mailed, confirming it lets the account sign in. */
export class EmailVerifications {
  private readonly deps: EmailVerificationsDeps;

  constructor(deps: EmailVerificationsDeps) {
    this.deps = deps;
  }

  /** Mails a fresh code to the account (replacing any earlier one), unless the address had its hourly share. */
  async issue(user: User): Promise<void> {
    const now = this.deps.clock.now();
    const sent = await this.deps.mailWindows.hit(`email-code:${user.email}`, EMAIL_CODE_WINDOW_MS, now);
    if (sent.count > EMAIL_CODES_PER_HOUR) return;
    const code = this.deps.secrets.randomDigits(6);
    await this.deps.codes.save({
      id: user.id,
      orgId: user.orgId,
      email: user.email,
      codeHash: this.codeHash(user.id, code),
      attempts: 0,
      expiresAt: new Date(now.getTime() + EMAIL_CODE_TTL_MS),
      createdAt: now,
    });
    await this.deps.mailer.send({ to: [user.email], ...verificationMail(code) });
  }

  /** A new code for an account still waiting for one; says nothing about whether the account exists. */
  async resend(email: string): Promise<void> {
    const user = await this.deps.users.findByEmail(normalizeEmail(email));
    if (user && user.emailVerifiedAt === null) await this.issue(user);
  }

  async verify(email: string, code: string): Promise<void> {
    const user = await this.deps.users.findByEmail(normalizeEmail(email));
    if (!user || user.emailVerifiedAt !== null) throw invalidCode();
    const now = this.deps.clock.now();
    // The try is counted before the code is compared: guesses sent together get five comparisons in all.
    if (!(await this.deps.codes.takeTry(user.id, now)) || !(await this.deps.codes.consume(user.id, this.codeHash(user.id, code), now))) {
      throw invalidCode();
    }
    await this.deps.users.markEmailVerified(user.orgId, user.id, now);
  }

  private codeHash(userId: string, code: string): string {
    return this.deps.secrets.digest(`${userId}:${code}`);
  }
}
