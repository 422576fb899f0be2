import { Type } from '@sinclair/typebox';
import type { PolicyholderSignIn } from '../../../ports/portal/policyholder-sign-in.use-case.ts';
import { definePublicRoute, type RouteDefinition } from '../shared/route.ts';

const PolicyNumber = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9-]+$',
  description: 'As printed on the policy.',
  examples: ['GL-2027-000001'],
});

const PolicyholderTokenSchema = Type.Object(
  {
    token: Type.String({ description: 'JWT (HS256, 8 hours) with `typ: "insured"`: good for /v1/portal/* only.' }),
    role: Type.Literal('policyholder'),
    orgId: Type.String(),
    sub: Type.String({ description: 'The policy id.' }),
    policyNumber: Type.String(),
    insuredName: Type.String(),
  },
  { $id: 'PolicyholderToken', description: 'A policyholder JWT for the portal, with the policy it is for.' },
);

/** Policyholder sign-in by a one-time code mailed to the insured's address on file. */
export const policyholderTokenRoutes = (signIn: PolicyholderSignIn): RouteDefinition[] => [
  definePublicRoute({
    method: 'POST',
    path: '/auth/policyholder-otp-request',
    operationId: 'requestPolicyholderCode',
    summary: "Mail a 6-digit sign-in code (10 minutes, one use) to the policy's insured; always 202, whether or not the policy exists.",
    tags: ['authentication'],
    body: Type.Object({ policyNumber: PolicyNumber }, { additionalProperties: false }),
    responses: {
      202: {
        description: 'Accepted; a code is on its way if the policy exists and has an e-mail on file.',
        schema: Type.Object({ status: Type.Literal('sent') }),
      },
    },
    handler: async ({ body }) => {
      // The answer does not wait for the lookup or the mail: known and unknown numbers take the same time.
      signIn.request(body.policyNumber);
      return { status: 202, body: { status: 'sent' } };
    },
  }),
  definePublicRoute({
    method: 'POST',
    path: '/auth/policyholder-token',
    operationId: 'policyholderToken',
    summary:
      'Exchange a policy number and its mailed code for a policyholder JWT; a wrong, expired or used code is 401 `invalid_otp`; each try is counted before the code is compared, so five tries end the code however they arrive; more than 10 tries of one policy number in 10 minutes are 429 `too_many_attempts` with `Retry-After`.',
    tags: ['authentication'],
    body: Type.Object(
      { policyNumber: PolicyNumber, otp: Type.String({ pattern: '^[0-9]{6}$', description: 'The 6-digit code.', examples: ['123456'], writeOnly: true }) },
      { additionalProperties: false },
    ),
    errors: ['invalid_otp', 'too_many_attempts'],
    responses: { 200: { description: 'A policyholder JWT.', schema: PolicyholderTokenSchema } },
    handler: async ({ body }) => ({ status: 200, body: await signIn.exchange(body.policyNumber, body.otp), headers: { 'Cache-Control': 'no-store' } }),
  }),
];
