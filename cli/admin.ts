// The platform operator's command line: `npm run cli -- <command>`. It calls a running service with
// the machine secret (API_SECRET, or the local secrets file), so every rule of the API applies.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { SingleBar, Presets } from 'cli-progress';
import { Command, Option } from 'commander';
import { platformClient } from '../clients/typescript/index.ts';
import { administratorToken, expectData, machineSecret, platform, reportWaitsTo, secretsFile, type Connection } from './connection.ts';
import { seedDemo } from './seed.ts';

const program = new Command('cli')
  .description('Administer the insurance platform: organizations, users, API keys, demo data.')
  .option('--api <url>', 'the API origin', process.env.API_URL ?? `http://localhost:${process.env.PORT ?? 8080}`)
  .option('--auth <url>', 'the authentication service origin', process.env.AUTH_URL ?? `http://localhost:${process.env.AUTH_PORT ?? 8081}`);

const connection = (): Connection => {
  const { api, auth } = program.opts<{ api: string; auth: string }>();
  return { api, auth, secret: machineSecret() };
};
const print = (value: unknown) => console.log(JSON.stringify(value, null, 2));

program
  .command('secrets')
  .description('Where the local secrets file is (DATA_DIR/secrets.json), and whether it exists.')
  .action(() => print({ file: secretsFile(), exists: existsSync(secretsFile()) }));

program
  .command('create-org')
  .description('Create an organization.')
  .argument('<name>')
  .option('--domain <domain...>', 'e-mail domains whose users may join by single sign-on')
  .addOption(new Option('--tier <tier>', 'rate-limit tier').choices(['standard', 'enterprise']))
  .action(async (name: string, options: { domain?: string[]; tier?: 'standard' | 'enterprise' }) => {
    const body = { name, allowedDomains: options.domain ?? [], ...(options.tier ? { tier: options.tier } : {}) };
    print(expectData('organization', await platform(connection()).POST('/v1/organizations', { body })));
  });

program
  .command('create-user')
  .description('Create a user in an organization; without --password one is generated and shown once.')
  .requiredOption('--org <id>')
  .requiredOption('--email <email>')
  .requiredOption('--name <name>')
  .option('--role <role>', 'a role of the organization', 'org_admin')
  .option('--password <password>')
  .action(async (options: { org: string; email: string; name: string; role: string; password?: string }) => {
    const password = options.password ?? randomBytes(12).toString('base64url');
    const user = expectData(
      'user',
      await platform(connection()).POST('/v1/users', {
        body: { email: options.email, name: options.name, role: options.role as 'org_admin', password, orgId: options.org },
      }),
    );
    print({ ...user, ...(options.password ? {} : { password }) });
  });

program
  .command('create-key')
  .description('Create an API key for an organization; the key is shown once.')
  .requiredOption('--org <id>')
  .requiredOption('--name <name>')
  .requiredOption('--scopes <scopes>', 'comma-separated, e.g. submissions:write,policies:read')
  .option('--expires <date-time>', 'ISO date-time; without it the key does not expire')
  .action(async (options: { org: string; name: string; scopes: string; expires?: string }) => {
    const body = { name: options.name, scopes: options.scopes.split(',').map((scope) => scope.trim()), expiresAt: options.expires ?? null };
    // Keys are created by an administrator of the organization: the machine secret's 15-minute one.
    const admin = platformClient(connection().api, { token: await administratorToken(connection(), options.org) });
    print(expectData('API key', await admin.POST('/v1/api-keys', { body: body as never })));
  });

program
  .command('seed')
  .description('Create a demo organization with an administrator, producers, submissions, bound policies, payments and claims.')
  .option('--policies <count>', 'submissions to quote and bind', '25')
  .option('--name <name>', 'the organization', 'Demo MGA')
  .action(async (options: { policies: string; name: string }) => {
    const count = Number(options.policies);
    if (!Number.isInteger(count) || count < 1 || count > 10_000) throw new Error('--policies is a whole number from 1 to 10000.');
    const bar = new SingleBar({ format: 'seeding [{bar}] {value}/{total} submissions {wait}', hideCursor: true, noTTYOutput: false }, Presets.shades_classic);
    reportWaitsTo((seconds) => bar.update({ wait: seconds === null ? '' : `(rate limited, waiting ${seconds} s)` }));
    print(
      await seedDemo(
        connection(),
        { policies: count, name: options.name },
        { start: (total) => bar.start(total, 0, { wait: '' }), increment: () => bar.increment(), stop: () => bar.stop() },
      ),
    );
  });

await program.parseAsync().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exitCode = 1;
});
