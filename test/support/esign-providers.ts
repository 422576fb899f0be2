import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { call, type TestApp, type Tenant } from './test-app.ts';
import { boundPolicy } from './mothers.ts';

/** The payment processor's webhook secret apps that store receipts are started with. */
export const STRIPE_WEBHOOK_SECRET = 'whsec_esign_test_0123456789';
const stripe = new Stripe('sk_test_unused');

/** A stored document to sign: the receipt of a paid invoice. */
export const storedReceipt = async (app: TestApp, tenant: Tenant, insuredName = 'Sign Co'): Promise<string> => {
  const { invoice } = await boundPolicy(app, tenant, {
    submission: { insuredName, annualRevenue: 1_000_000, effectiveDate: '2027-03-01', state: 'NY', lineOfBusiness: 'PL' },
  });
  const payload = JSON.stringify({
    id: `evt_sign_${invoice.id}`,
    type: 'payment_intent.succeeded',
    data: {
      object: { id: `pi_sign_${invoice.id}`, amount_received: Math.round(invoice.amount * 100), metadata: { invoiceId: invoice.id, orgId: tenant.orgId } },
    },
  });
  const paid = await call(app.api, 'POST', '/webhooks/payment-processor', {
    rawBody: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET }) },
  });
  return paid.body.receiptDocumentId;
};

/** DocuSign Connect's message for an envelope event (JSON format, API v2.1), as Connect sends it. */
export const connectMessage = (event: string, envelopeId: string, generatedDateTime = new Date().toISOString().replace('Z', '0000Z')) =>
  JSON.stringify({
    event,
    apiVersion: 'v2.1',
    uri: `/restapi/v2.1/accounts/8f4e5d2a-1b3c-4d5e-9f70-123456789abc/envelopes/${envelopeId}`,
    retryCount: 0,
    configurationId: 10418,
    generatedDateTime,
    data: { accountId: '8f4e5d2a-1b3c-4d5e-9f70-123456789abc', userId: 'c7b1a0d2-3e4f-4a5b-8c6d-7e8f9a0b1c2d', envelopeId },
  });

/** Connect's signature headers: one base64 HMAC-SHA256 of the body per active key, numbered from 1. */
export const connectSignatures = (body: string, keys: readonly string[]): Record<string, string> =>
  Object.fromEntries(keys.map((key, index) => [`x-docusign-signature-${index + 1}`, createHmac('sha256', key).update(body).digest('base64')]));

/** A Dropbox Sign callback's JSON, with `event_hash` computed as Dropbox Sign does under the API key. */
export const dropboxCallback = (eventType: string, signatureRequestId: string | null, apiKey: string, eventTime = String(Math.floor(Date.now() / 1000))) =>
  JSON.stringify({
    event: {
      event_type: eventType,
      event_time: eventTime,
      event_hash: createHmac('sha256', apiKey).update(`${eventTime}${eventType}`).digest('hex'),
      event_metadata: { related_signature_id: null, reported_for_account_id: '615266b89aeda4e8cd2f2a5d401dbc76f4fa', reported_for_app_id: null },
    },
    account_guid: '615266b89aeda4e8cd2f2a5d401dbc76f4fa',
    ...(signatureRequestId
      ? {
          signature_request: {
            signature_request_id: signatureRequestId,
            test_mode: true,
            title: 'Please sign',
            is_complete: eventType === 'signature_request_all_signed',
          },
        }
      : {}),
  });

/** The callback as Dropbox Sign posts it: a multipart form whose `json` field holds the event. */
export const asDropboxForm = async (json: string): Promise<{ body: Buffer; contentType: string }> => {
  const form = new FormData();
  form.set('json', json);
  const request = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') as string };
};
