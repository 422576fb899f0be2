import test from 'ava';
import { Container } from 'inversify';
import { Organizations } from '../../ports/tenancy/organizations.use-case.ts';
import { AUDIT } from '../../bootstrap/audit.tokens.ts';
import { PLATFORM } from '../../bootstrap/platform.tokens.ts';
import { TENANCY } from '../../bootstrap/tenancy.tokens.ts';
import { allOf, bindings, resolverOf, token } from '../../bootstrap/wiring.ts';

// These lines are checked by `npm run typecheck` (part of `npm test`): each `@ts-expect-error`
// fails the typecheck if the line below it ever compiles.
const miswired = () =>
  bindings((wire) => {
    // @ts-expect-error a Clock bound where an IdGenerator is expected
    wire.factory(PLATFORM.Ids, { clock: PLATFORM.Clock }, ({ clock }) => clock);
    const swapped = { organizations: PLATFORM.Ids, ids: TENANCY.OrganizationRepository, clock: PLATFORM.Clock, audit: AUDIT.AuditTrail } as const;
    // @ts-expect-error two dependencies of different types swapped
    wire.factory(TENANCY.Organizations, swapped, (deps) => new Organizations(deps));
    const missing = { organizations: TENANCY.OrganizationRepository, ids: PLATFORM.Ids, clock: PLATFORM.Clock } as const;
    // @ts-expect-error a dependency the use case needs is not named
    wire.factory(TENANCY.Organizations, missing, (deps) => new Organizations(deps));
    // @ts-expect-error a value of the wrong type
    wire.value(PLATFORM.Clock, { next: () => 'id' });
  });

test('a factory receives its dependencies by the names it gives them', async (t) => {
  t.is(typeof miswired, 'function');
  const container = new Container({ defaultScope: 'Singleton' });
  const now = new Date('2027-01-01T00:00:00Z');
  await container.load(
    bindings((wire) => {
      wire.value(PLATFORM.Clock, { now: () => now });
      wire.value(PLATFORM.Ids, { next: (prefix: string) => `${prefix}_1` });
      wire.factory(
        PLATFORM.SecretTools,
        { clock: PLATFORM.Clock, ids: PLATFORM.Ids },
        ({ ids, clock }) => ({ digest: () => `${ids.next('x')}@${clock.now().toISOString()}` }) as never,
      );
    }),
  );
  const tools = await resolverOf(container)(PLATFORM.SecretTools);
  t.is(tools.digest('anything'), 'x_1@2027-01-01T00:00:00.000Z');
});

test('contributions are read as one list, in the order contributed; none is an empty list', async (t) => {
  const part = token<string>('test:part');
  const whole = token<string>('test:whole');
  const nothing = token<string>('test:nothing');
  const none = token<number>('test:none');
  const container = new Container({ defaultScope: 'Singleton' });
  await container.load(
    bindings((wire) => {
      wire.value(PLATFORM.Ids, { next: (prefix: string) => `${prefix}_1` });
      wire.contribute(part, {}, () => 'first');
      wire.contribute(part, { ids: PLATFORM.Ids }, ({ ids }) => ids.next('second'));
      wire.factory(whole, { parts: allOf(part) }, ({ parts }) => parts.join(' + '));
      wire.factory(none, { parts: allOf(nothing) }, ({ parts }) => parts.length);
    }),
  );
  const resolve = resolverOf(container);
  t.is(await resolve(whole), 'first + second_1');
  t.is(await resolve(none), 0);
});
