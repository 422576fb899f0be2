import { createHmac } from 'node:crypto';
import { call, PASSWORD, signUpVerified, type Tenant, type TestApp } from './test-app.ts';

/** The identity-verification webhook secret test apps are started with when they verify producers. */
export const IDENTITY_WEBHOOK_SECRET = 'identity-secret-0123456789abcdef';

/** An identity provider's inquiry event, as its webhook sends it. */
export const inquiryEvent = (eventId: string, name: string, referenceId?: string) =>
  JSON.stringify({
    data: {
      type: 'event',
      id: eventId,
      attributes: {
        name,
        'created-at': new Date().toISOString(),
        payload: { data: { type: 'inquiry', id: 'inq_1', attributes: { status: 'completed', ...(referenceId ? { 'reference-id': referenceId } : {}) } } },
      },
    },
  });

/** Delivers an identity event signed with the test secret (or the signature header given). */
export const sendIdentity = (app: TestApp, body: string, signature?: string) => {
  const t = Math.floor(Date.now() / 1000);
  const header = signature ?? `t=${t},v1=${'0'.repeat(64)},v1=${createHmac('sha256', IDENTITY_WEBHOOK_SECRET).update(`${t}.${body}`).digest('hex')}`;
  return {
    header,
    result: call(app.api, 'POST', '/webhooks/identity-verification', {
      rawBody: body,
      headers: { 'content-type': 'application/json', 'identity-signature': header },
    }),
  };
};

let verified = 0;

/** A producer who signed up, confirmed the e-mail, passed identity verification and signed in. */
export const activeProducer = async (app: TestApp, tenant: Tenant, name: string): Promise<{ producerId: string; userId: string; token: string }> => {
  verified += 1;
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${verified}@${tenant.adminEmail.slice(tenant.adminEmail.indexOf('@') + 1)}`;
  const user = await signUpVerified(app, tenant, email, name);
  const activation = await sendIdentity(app, inquiryEvent(`evt_active_${verified}_${Date.now()}`, 'inquiry.completed', user.producerId)).result;
  if (activation.status !== 200) throw new Error(`identity: ${activation.status} ${JSON.stringify(activation.body)}`);
  const signIn = await call(app.auth, 'POST', '/api/auth/sign-in/email', { body: { email, password: PASSWORD } });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${JSON.stringify(signIn.body)}`);
  return { producerId: user.producerId, userId: user.id, token: signIn.body.token };
};
