import test from 'ava';
import { addDays, today } from '../../../core/shared/calendar-date.ts';
import { boundPolicy } from '../../support/mothers.ts';
import { call, createTenant, signedInUser, startTestApp } from '../../support/test-app.ts';

test('cancel over a reported loss: 422 claims_in_period naming it, 403 for an override by someone without the authority, then an underwriter overrides and the audit log keeps why', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const tenant = await createTenant(app);
  const now = today(new Date());
  const { policy } = await boundPolicy(app, tenant, { submission: { effectiveDate: addDays(now, -20) } });
  const lossDate = addDays(now, -5);
  const claim = await call(app.api, 'POST', '/v1/claims', {
    token: tenant.adminToken,
    body: { policyId: policy.id, lossDate, description: 'Storm damage to the roof' },
  });
  t.is(claim.status, 201, JSON.stringify(claim.body));
  const path = `/v1/policies/${policy.id}/cancel`;
  const body = { effectiveDate: addDays(now, -10), reason: 'underwriting' };
  const refused = await call(app.api, 'POST', path, { token: tenant.adminToken, body });
  t.like(refused, { status: 422, body: { error: 'claims_in_period', details: { claims: [{ claimId: claim.body.id, lossDate }] } } });
  const override = { reason: 'Material misrepresentation; the claim is handled on its own.' };
  const analyst = await signedInUser(app, tenant, 'finance_analyst');
  t.is((await call(app.api, 'POST', path, { token: analyst.token, body: { ...body, override } })).status, 403);
  const underwriter = await signedInUser(app, tenant, 'underwriter');
  const cancelled = await call(app.api, 'POST', path, { token: underwriter.token, body: { ...body, override } });
  t.like(cancelled, { status: 200, body: { status: 'cancelled' } });
  const audit = await call(app.api, 'GET', '/v1/audit-events?action=policy.cancellation_over_reported_losses', { token: tenant.adminToken });
  t.like(audit.body.data, [{ actor: `user:${underwriter.id}`, details: { reason: override.reason } }]);
});
