import test from 'ava';
import { TOKENS } from '../../bootstrap/tokens.ts';
import type { MailMessage } from '../../ports/notifications/mailer.port.ts';
import { PolicyholderSignIn } from '../../ports/policy/policyholder-sign-in.use-case.ts';
import { aRisk } from '../support/mothers.ts';
import { SettableClock } from '../support/settable-clock.ts';
import { PLATFORM, USE_CASE_START, useCaseWorld } from '../support/use-cases.ts';

const ORG = 'org_codes';

test('a code stops working ten minutes after it was mailed, and a later one works', async (t) => {
  const clock = new SettableClock(USE_CASE_START);
  const world = await useCaseWorld({ clock });
  t.teardown(world.close);
  const submission = await (await world.resolve(TOKENS.Submissions)).create(PLATFORM, ORG, { ...aRisk(), contactEmail: 'owner@example.com' }, 'json');
  await (await world.resolve(TOKENS.Quoting)).quote(ORG, submission.id);
  const policy = await (await world.resolve(TOKENS.Binding)).bind(PLATFORM, ORG, submission.id, 'PIF');
  const mails: MailMessage[] = [];
  const signIn = new PolicyholderSignIn({
    policies: await world.resolve(TOKENS.PolicyRepository),
    codes: await world.resolve(TOKENS.PolicyholderCodeRepository),
    mailer: { send: async (message) => void mails.push(message) },
    secrets: await world.resolve(TOKENS.SecretTools),
    tokens: await world.resolve(TOKENS.TokenSigner),
    requestWindows: await world.resolve(TOKENS.SignInAttempts),
    clock,
    reportFailure: (error) => t.fail(String(error)),
  });
  const codeOf = (mail: MailMessage | undefined) => /(\d{6})/.exec(mail?.text ?? '')?.[1] as string;

  await signIn.request(policy.policyNumber).issued;
  t.deepEqual(mails[0]?.to, ['owner@example.com']);
  clock.set('2026-12-15T12:10:01Z');
  await t.throwsAsync(signIn.exchange(policy.policyNumber, codeOf(mails[0])), { message: /expired/ });
  await signIn.request(policy.policyNumber).issued;
  clock.set('2026-12-15T12:19:59Z');
  const token = await signIn.exchange(policy.policyNumber, codeOf(mails[1]));
  t.like(token, { role: 'policyholder', sub: policy.id, orgId: ORG, policyNumber: policy.policyNumber });
});
