import test from 'ava';
import { Container } from 'inversify';
import { Organizations } from '../../ports/tenancy/organizations.use-case.ts';
import { TOKENS } from '../../bootstrap/tokens.ts';
import { bindings, resolverOf } from '../../bootstrap/wiring.ts';

// These lines are checked by `npm run typecheck` (part of `npm test`): each `@ts-expect-error`
// fails the typecheck if the line below it ever compiles.
const miswired = () =>
  bindings((wire) => {
    // @ts-expect-error a Clock bound where an IdGenerator is expected
    wire.factory(TOKENS.Ids, [TOKENS.Clock], (clock) => clock);
    const swapped = [TOKENS.Ids, TOKENS.OrganizationRepository, TOKENS.Clock, TOKENS.AuditTrail] as const;
    // @ts-expect-error two dependencies of different types swapped
    wire.factory(TOKENS.Organizations, swapped, (organizations, ids, clock, audit) => new Organizations({ organizations, ids, clock, audit }));
    // @ts-expect-error a value of the wrong type
    wire.value(TOKENS.Clock, { next: () => 'id' });
  });

test('a factory receives its dependencies resolved in the order of their tokens', async (t) => {
  t.is(typeof miswired, 'function');
  const container = new Container({ defaultScope: 'Singleton' });
  const now = new Date('2027-01-01T00:00:00Z');
  await container.load(
    bindings((wire) => {
      wire.value(TOKENS.Clock, { now: () => now });
      wire.value(TOKENS.Ids, { next: (prefix: string) => `${prefix}_1` });
      wire.factory(
        TOKENS.SecretTools,
        [TOKENS.Ids, TOKENS.Clock],
        (ids, clock) => ({ digest: () => `${ids.next('x')}@${clock.now().toISOString()}` }) as never,
      );
    }),
  );
  const tools = await resolverOf(container)(TOKENS.SecretTools);
  t.is(tools.digest('anything'), 'x_1@2027-01-01T00:00:00.000Z');
});
