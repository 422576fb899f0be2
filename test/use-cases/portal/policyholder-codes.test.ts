import test, { type ExecutionContext } from 'ava';
import { IDENTITY } from '../../../bootstrap/identity.tokens.ts';
import { PORTAL } from '../../../bootstrap/portal.tokens.ts';
import { PLATFORM } from '../../../bootstrap/platform.tokens.ts';
import { POLICY } from '../../../bootstrap/policy.tokens.ts';
import { RATE_LIMIT } from '../../../bootstrap/rate-limit.tokens.ts';
import { UNDERWRITING } from '../../../bootstrap/underwriting.tokens.ts';
import type { MailMessage } from '../../../ports/shared/mailer.port.ts';
import { PolicyholderSignIn } from '../../../ports/portal/policyholder-sign-in.use-case.ts';
import { aRisk } from '../../support/mothers.ts';
import { SettableClock } from '../../support/settable-clock.ts';
import { MACHINE, USE_CASE_START, useCaseWorld } from '../../support/use-cases.ts';

const ORG = 'org_codes';

const signInWorld = async (t: ExecutionContext, clock: SettableClock) => {
  const world = await useCaseWorld({ clock });
  t.teardown(world.close);
  const submission = await (await world.resolve(UNDERWRITING.Submissions)).create(MACHINE, ORG, { ...aRisk(), contactEmail: 'owner@example.com' }, 'json');
  await (await world.resolve(UNDERWRITING.Quoting)).quote(ORG, submission.id);
  const policy = await (await world.resolve(POLICY.Binding)).bind(MACHINE, ORG, submission.id, 'PIF');
  const mails: MailMessage[] = [];
  const signIn = new PolicyholderSignIn({
    policies: await world.resolve(POLICY.PolicyRepository),
    codes: await world.resolve(PORTAL.PolicyholderCodeRepository),
    mailer: { send: async (message) => void mails.push(message) },
    secrets: await world.resolve(PLATFORM.SecretTools),
    tokens: await world.resolve(IDENTITY.TokenSigner),
    requestWindows: await world.resolve(RATE_LIMIT.SignInAttempts),
    clock,
    reportFailure: (error) => t.fail(String(error)),
  });
  return { policy, mails, signIn };
};

const codeOf = (mail: MailMessage | undefined) => /(\d{6})/.exec(mail?.text ?? '')?.[1] as string;

test('a code stops working ten minutes after it was mailed, and a later one works', async (t) => {
  const clock = new SettableClock(USE_CASE_START);
  const { policy, mails, signIn } = await signInWorld(t, clock);
  await signIn.request(policy.policyNumber).issued;
  t.deepEqual(mails[0]?.to, ['owner@example.com']);
  clock.set('2026-12-15T12:10:01Z');
  await t.throwsAsync(signIn.exchange(policy.policyNumber, codeOf(mails[0])), { message: /expired/ });
  await signIn.request(policy.policyNumber).issued;
  clock.set('2026-12-15T12:19:59Z');
  const token = await signIn.exchange(policy.policyNumber, codeOf(mails[1]));
  t.like(token, { role: 'policyholder', sub: policy.id, orgId: ORG, policyNumber: policy.policyNumber });
});

test('guesses sent together are counted before they are compared: after five, even the right code fails', async (t) => {
  const clock = new SettableClock(USE_CASE_START);
  const { policy, mails, signIn } = await signInWorld(t, clock);
  await signIn.request(policy.policyNumber).issued;
  const right = codeOf(mails[0]);
  const wrong = Array.from({ length: 9 }, (_, index) => String((Number(right) + index + 1) % 1_000_000).padStart(6, '0'));
  const outcomes = await Promise.allSettled([
    ...wrong.map((guess) => signIn.exchange(policy.policyNumber, guess)),
    signIn.exchange(policy.policyNumber, right),
  ]);
  t.true(
    outcomes.every((outcome) => outcome.status === 'rejected'),
    'the right code came after five tries',
  );
  // The number's own budget: ten tries in ten minutes, then 429 whatever the code.
  await t.throwsAsync(signIn.exchange(policy.policyNumber, right), { message: /Too many codes/ });
  clock.set('2026-12-15T12:09:00Z');
  await t.throwsAsync(signIn.exchange(policy.policyNumber, right), { message: /Too many codes/ });
});
