import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import test from 'ava';
import { INVOICE_LIFECYCLE } from '../../../core/billing/invoice.ts';
import { POLICY_LIFECYCLE } from '../../../core/policy/policy.ts';
import { APPOINTMENT_LIFECYCLE } from '../../../core/producers/producer.ts';
import { assertTransition, moveBetween, nextStatuses, type Lifecycle } from '../../../core/shared/lifecycle.ts';
import { QUOTE_LIFECYCLE } from '../../../core/underwriting/quote.ts';
import { SUBMISSION_LIFECYCLE } from '../../../core/underwriting/submission.ts';
import { SUBSCRIPTION_LIFECYCLE } from '../../../core/webhooks/subscription.ts';
import { codeOf } from '../../support/error-codes.ts';

const coreFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? coreFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );

const isLifecycle = (value: unknown): value is Lifecycle<string, string> =>
  typeof value === 'object' && value !== null && 'subject' in value && 'statuses' in value && 'moves' in value;

/** Every lifecycle core/ exports, found by loading every core file: a new table is checked without being listed. */
const allLifecycles = async (): Promise<readonly Lifecycle<string, string>[]> => {
  const found = new Set<Lifecycle<string, string>>();
  for (const file of coreFiles(resolve(import.meta.dirname, '../../../core'))) {
    for (const value of Object.values(await import(pathToFileURL(file).href))) if (isLifecycle(value)) found.add(value);
  }
  return [...found];
};

test('every lifecycle names only its own statuses, and every move the table does not list is invalid_transition', async (t) => {
  const lifecycles = await allLifecycles();
  t.true(lifecycles.length >= 8, `lifecycles found: ${lifecycles.map((lifecycle) => lifecycle.subject).join(', ')}`);
  for (const lifecycle of lifecycles) {
    for (const [move, { from, to }] of Object.entries(lifecycle.moves)) {
      t.true(lifecycle.statuses.includes(to), `${lifecycle.subject} ${move} → ${to}`);
      for (const status of from) t.true(lifecycle.statuses.includes(status), `${lifecycle.subject} ${move} from ${status}`);
      for (const status of lifecycle.statuses) {
        t.is(
          codeOf(() => assertTransition(lifecycle, move, status)),
          from.includes(status) ? null : 'invalid_transition',
          `${lifecycle.subject}: ${move} from ${status}`,
        );
      }
    }
  }
});

test('a refused move says what and from where, in the contract error', (t) => {
  const error = t.throws(() => assertTransition(POLICY_LIFECYCLE, 'endorse', 'cancelled'));
  t.is(error?.message, 'Cannot endorse a cancelled policy.');
  t.like((error as unknown as { details: unknown }).details, { status: 'cancelled', move: 'endorse' });
});

test('the tables say what the business does', (t) => {
  t.deepEqual(nextStatuses(POLICY_LIFECYCLE, 'cancelled'), ['active']);
  t.deepEqual(nextStatuses(SUBMISSION_LIFECYCLE, 'quoted').sort(), ['bound', 'quoted']);
  t.deepEqual(nextStatuses(SUBMISSION_LIFECYCLE, 'binding'), ['bound']);
  t.deepEqual(nextStatuses(SUBMISSION_LIFECYCLE, 'bound'), []);
  t.deepEqual(nextStatuses(INVOICE_LIFECYCLE, 'void'), []);
  t.deepEqual(nextStatuses(QUOTE_LIFECYCLE, 'superseded'), []);
  t.deepEqual(nextStatuses(APPOINTMENT_LIFECYCLE, 'terminated'), []);
  t.is(moveBetween(APPOINTMENT_LIFECYCLE, 'active', 'terminated'), 'terminate');
  t.is(moveBetween(APPOINTMENT_LIFECYCLE, 'active', 'pending'), null);
  t.deepEqual(nextStatuses(SUBSCRIPTION_LIFECYCLE, 'inactive'), []);
});
