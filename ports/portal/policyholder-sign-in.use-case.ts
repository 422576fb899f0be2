import {
  POLICYHOLDER_CODE_TTL_MS,
  POLICYHOLDER_GUESS_WINDOW_MS,
  POLICYHOLDER_GUESSES_PER_NUMBER,
  POLICYHOLDER_CODE_WINDOW_MS,
  POLICYHOLDER_CODES_PER_HOUR,
  POLICYHOLDER_TOKEN_TTL_SECONDS,
  policyholderCodeMail,
} from '../../core/portal/policyholder-code.ts';
import { issueClaims } from '../../core/identity/service-claims.ts';
import { DomainError } from '../../core/shared/domain-error.ts';
import type { Mailer } from '../shared/mailer.port.ts';
import type { PolicyRepository } from '../policy/policy.repositories.ts';
import type { WindowCounter } from '../rate-limit/window-counter.port.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { SecretTools, TokenSigner } from '../identity/credential-crypto.port.ts';
import type { PolicyholderCodeRepository } from './policyholder-code.repository.ts';

export interface PolicyholderSignInDeps {
  readonly policies: Pick<PolicyRepository, 'findById' | 'findByNumberInAnyOrganization'>;
  readonly codes: PolicyholderCodeRepository;
  readonly mailer: Mailer;
  readonly secrets: SecretTools;
  readonly tokens: TokenSigner;
  /** Counts codes mailed per policy, and guesses per policy number. */
  readonly requestWindows: WindowCounter;
  readonly clock: Clock;
  /** Where a failure to issue a code is reported: the caller was already answered. */
  readonly reportFailure: (error: unknown) => void;
}

export interface PolicyholderToken {
  readonly token: string;
  readonly role: 'policyholder';
  readonly orgId: string;
  /** The policy's id. */
  readonly sub: string;
  readonly policyNumber: string;
  readonly insuredName: string;
}

const invalidCode = () => new DomainError('invalid_otp', 'The code is wrong, has expired or was already used; request a new one.');

/**
 * Policyholder sign-in by a code mailed to the insured. Asking for a code answers the same,
 * at once, whether or not the policy exists: the lookup, the code and the mail happen after the
 * answer. Policy numbers are unique per organization only, so every policy with the number gets
 * its own code at its own insured's address, and the code entered picks the policy.
 */
export class PolicyholderSignIn {
  private readonly deps: PolicyholderSignInDeps;

  constructor(deps: PolicyholderSignInDeps) {
    this.deps = deps;
  }

  /** Starts issuing the codes and returns at once; the promise it gives settles when they are out, and never rejects. */
  request(policyNumber: string): { issued: Promise<void> } {
    return { issued: this.issue(policyNumber).catch(this.deps.reportFailure) };
  }

  async exchange(policyNumber: string, otp: string): Promise<PolicyholderToken> {
    const now = this.deps.clock.now();
    const guesses = await this.deps.requestWindows.hit(`policyholder-guess:${policyNumber}`, POLICYHOLDER_GUESS_WINDOW_MS, now);
    if (guesses.count > POLICYHOLDER_GUESSES_PER_NUMBER) {
      const retryAfter = Math.max(1, Math.ceil((guesses.windowEndsAt.getTime() - now.getTime()) / 1000));
      throw new DomainError('too_many_attempts', 'Too many codes were tried for this policy number; wait before trying again.', { retryAfter });
    }
    // Each code's try is taken before it is compared, so racing guesses get five comparisons per code
    // in all; a wrong code so counts against every pending code of the number.
    for (const code of await this.deps.codes.forPolicyNumber(policyNumber)) {
      if (!(await this.deps.codes.takeTry(code.id, now))) continue;
      if (!(await this.deps.codes.consume(code.id, this.codeHash(code.id, otp), now))) continue;
      const policy = await this.deps.policies.findById(code.orgId, code.policyId);
      if (!policy) break;
      const claims = {
        ...issueClaims({ sub: policy.id, org: policy.orgId, role: 'policyholder' }, now.getTime(), POLICYHOLDER_TOKEN_TTL_SECONDS),
        typ: 'insured' as const,
        policyNumber: policy.policyNumber,
        insuredName: policy.risk.insuredName,
      };
      return {
        token: this.deps.tokens.sign(claims),
        role: 'policyholder',
        orgId: policy.orgId,
        sub: policy.id,
        policyNumber: policy.policyNumber,
        insuredName: policy.risk.insuredName,
      };
    }
    throw invalidCode();
  }

  private async issue(policyNumber: string): Promise<void> {
    const now = this.deps.clock.now();
    for (const policy of await this.deps.policies.findByNumberInAnyOrganization(policyNumber)) {
      if (!policy.contactEmail) continue;
      // Counted per policy, not per number: a number shared by several organizations' policies is
      // not one budget, and nobody can flood an insured's mailbox.
      const requests = await this.deps.requestWindows.hit(`policyholder-code:${policy.id}`, POLICYHOLDER_CODE_WINDOW_MS, now);
      if (requests.count > POLICYHOLDER_CODES_PER_HOUR) continue;
      const code = this.deps.secrets.randomDigits(6);
      const id = this.deps.secrets.randomToken(12);
      await this.deps.codes.save({
        id,
        policyId: policy.id,
        orgId: policy.orgId,
        policyNumber: policy.policyNumber,
        codeHash: this.codeHash(id, code),
        attempts: 0,
        expiresAt: new Date(now.getTime() + POLICYHOLDER_CODE_TTL_MS),
        createdAt: now,
      });
      await this.deps.mailer.send({ to: [policy.contactEmail], ...policyholderCodeMail(code, policy.policyNumber) });
    }
  }

  private codeHash(codeId: string, code: string): string {
    return this.deps.secrets.digest(`policyholder:${codeId}:${code}`);
  }
}
