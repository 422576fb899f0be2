import { validationFailed } from '../../../core/shared/domain-error.ts';
import { describeActor } from '../../../core/shared/access/principal.ts';
import type { RecordAccess } from '../../../ports/authorization/record-access.use-case.ts';
import { visibleAmong } from '../shared/record-scope.ts';
import { queryWords } from '../../../core/shared/search-words.ts';
import { Type } from '@sinclair/typebox';
import { dollarsToCents } from '../../../core/shared/money.ts';
import { HOME_STATES, LINES_OF_BUSINESS, US_STATES } from '../../../core/shared/reference-data.ts';
import { SUBMISSION_STATUSES } from '../../../core/underwriting/submission.ts';
import type { Quoting } from '../../../ports/underwriting/quoting.use-case.ts';
import type { Submissions } from '../../../ports/underwriting/submissions.use-case.ts';
import { Email, IdParams, OrgIdQuery, PageQuery, pageOf, OneOf, DateOnly, LongText, Money, PostalAddressSchema, Text } from '../shared/common.schemas.ts';
import { mapPage } from '../../../ports/shared/persistence/page.ts';
import { orgScope } from '../shared/org-scope.ts';
import { CreatedSubmissionSchema } from './extraction.views.ts';
import { coverageFrom, CoverageRequestSchema } from './coverage.views.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';
import { QuoteSchema, ReadinessSchema, SubmissionSchema, viewQuote, viewSubmission } from './underwriting.views.ts';

const CreateSubmission = Type.Object(
  {
    insuredName: Text({ minLength: 1, maxLength: 300 }),
    naicsCode: Type.String({ pattern: '^\\d{2,6}$', examples: ['238220'], description: '2-6 digit NAICS code of a known sector.' }),
    annualRevenue: Money(),
    requestedLimit: Money(),
    effectiveDate: DateOnly,
    state: OneOf(US_STATES, { description: "The risk's state: rating and the program's allowed states follow it." }),
    homeState: Type.Optional(
      OneOf(HOME_STATES, {
        description:
          "The insured's home state (principal place of business), a state, DC, PR, GU or VI: surplus lines taxes, fees and filings follow it. Default: `state`.",
      }),
    ),
    locality: Type.Optional(
      Type.String({
        pattern: '^[A-Z][A-Z0-9_]{1,63}$',
        examples: ['ALBANY'],
        description:
          "The risk's city or county where the home state levies local premium taxes (Kentucky), as `GET /v1/tax-schedules/{state}` lists them (e.g. `ALBANY`).",
      }),
    ),
    lineOfBusiness: OneOf(LINES_OF_BUSINESS),
    coverage: Type.Optional(CoverageRequestSchema),
    mailingAddress: Type.Optional({
      ...PostalAddressSchema,
      description: "The named insured's mailing address, printed on the declarations and certificates.",
    }),
    contactEmail: Type.Optional(Email),
    producerId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    description: Type.Optional(LongText({ maxLength: 5000 })),
    priorLosses: Type.Optional(
      Type.Array(Type.Object({ date: DateOnly, amount: Money({ minimum: 0 }), description: LongText({ maxLength: 2000 }) }, { additionalProperties: false }), {
        maxItems: 100,
      }),
    ),
    ...OrgIdQuery,
  },
  { additionalProperties: false },
);

/** A stored document the ingestion classified as an ACORD application (`POST /v1/documents/ingest`). */
const FromDocument = Type.Object(
  {
    documentId: Type.String({ minLength: 1, maxLength: 128, description: 'A document of the organization classified `acord_125`.' }),
    ...OrgIdQuery,
  },
  { additionalProperties: false },
);

const ListSubmissions = Type.Object({
  ...PageQuery,
  ...OrgIdQuery,
  status: Type.Optional(OneOf(SUBMISSION_STATUSES)),
  q: Type.Optional(Text({ minLength: 2, maxLength: 200, examples: ['blue pipe'], description: "Words that each begin a word of the insured's name." })),
  producerId: Type.Optional(Type.String({ minLength: 1 })),
  createdFrom: Type.Optional(Type.String({ format: 'date-time' })),
  createdTo: Type.Optional(Type.String({ format: 'date-time' })),
});

const Scoped = Type.Object(OrgIdQuery);

export const submissionRoutes = (submissions: Submissions, quoting: Quoting, records: RecordAccess): RouteDefinition[] => [
  defineRoute({
    method: 'POST',
    path: '/v1/submissions',
    operationId: 'createSubmission',
    summary: 'Create a submission from JSON or from an ACORD 125 PDF; the answer carries its status and triage (score, band, reasons).',
    description:
      'Send JSON, or the PDF itself (`Content-Type: application/pdf`, up to 10 MiB), or `multipart/form-data` with a `file` part. Or JSON `{ documentId }` naming a stored document the ingestion classified `acord_125`: it is read the same way (another type is 422 `not_an_application`). An upload answers with `extraction` `{ fields, sources, forms, lines, otherLines, missing, confidence, needsReview }`: a file may hold the ACORD 125 with its 126 (the limits) and other forms, each read from its own pages (field names of the 2016/03 blanks, XFA-qualified or not); fields it cannot read leave the submission `incomplete`. A PDF that cannot be read within 5 seconds answers 400 `invalid_document`; uploads draw from their own budget of 20 per minute. Machine-secret uploads name the organization with the `orgId` query parameter.',
    tags: ['submissions'],
    permission: 'submissions:write',
    body: Type.Union([CreateSubmission, FromDocument]),
    query: Scoped,
    upload: { maxBytes: 10 * 1024 * 1024, contentTypes: ['application/pdf'], field: 'file', rateClass: 'pdf_intake' },
    errors: ['invalid_document', 'payload_too_large', 'service_unavailable', 'not_an_application'],
    responses: { 201: { description: 'Created.', schema: CreatedSubmissionSchema } },
    handler: async (context) => {
      if (context.upload) {
        const { submission, extraction } = await submissions.createFromAcord125(context.principal, orgScope(context, context.query.orgId), context.upload);
        return { status: 201, body: { ...viewSubmission(submission), extraction } };
      }
      if ('documentId' in context.body) {
        const orgId = orgScope(context, context.body.orgId);
        // The document is read only by those who may read it (a producer, its own business's).
        await records.assert(context.principal, orgId, 'document', context.body.documentId, 'viewer');
        const { submission, extraction } = await submissions.createFromDocument(context.principal, orgId, context.body.documentId);
        return { status: 201, body: { ...viewSubmission(submission), extraction } };
      }
      const { orgId, annualRevenue, requestedLimit, priorLosses, coverage, ...rest } = context.body;
      const submission = await submissions.create(
        context.principal,
        orgScope(context, orgId),
        {
          ...rest,
          annualRevenue: dollarsToCents(annualRevenue, 'annualRevenue'),
          requestedLimit: dollarsToCents(requestedLimit, 'requestedLimit'),
          priorLosses: (priorLosses ?? []).map((loss, index) => ({ ...loss, amount: dollarsToCents(loss.amount, `priorLosses.${index}.amount`) })),
          ...(coverage ? { coverage: coverageFrom(coverage, 'coverage.') } : {}),
        },
        'json',
      );
      return { status: 201, body: viewSubmission(submission) };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/submissions/acord',
    operationId: 'createSubmissionFromAcord',
    summary: 'Create a submission from an ACORD 125 PDF, with what was read from it.',
    description:
      'The upload half of `POST /v1/submissions` as an operation of its own, for clients generated from this description that cannot choose between media types: the PDF itself (`Content-Type: application/pdf`, up to 10 MiB) or `multipart/form-data` with a `file` part, read as `POST /v1/submissions` reads it (the same answer, with `extraction`, and the same budget of 20 uploads a minute). A JSON body is 415.',
    tags: ['submissions'],
    permission: 'submissions:write',
    query: Scoped,
    upload: { maxBytes: 10 * 1024 * 1024, contentTypes: ['application/pdf'], field: 'file', rateClass: 'pdf_intake' },
    errors: ['invalid_document', 'payload_too_large', 'service_unavailable'],
    responses: { 201: { description: 'Created from the form.', schema: CreatedSubmissionSchema } },
    handler: async (context) => {
      if (!context.upload)
        throw validationFailed(
          'file',
          'required',
          'Send the ACORD 125 as the PDF itself (`Content-Type: application/pdf`) or as the multipart/form-data field `file`.',
        );
      const { submission, extraction } = await submissions.createFromAcord125(context.principal, orgScope(context, context.query.orgId), context.upload);
      return { status: 201, body: { ...viewSubmission(submission), extraction } };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/submissions',
    operationId: 'listSubmissions',
    summary:
      "List submissions, newest first; filter by status, producer and creation time, and search by `q` (every word, of at least 2 letters or digits, must begin a word of the insured's name; case and accents ignored; more than 2,000 matches is 400 `validation_failed` with rule `too_broad`).",
    tags: ['submissions'],
    permission: 'submissions:read',
    query: ListSubmissions,
    responses: { 200: { description: 'A page of submissions.', schema: pageOf(SubmissionSchema) } },
    handler: async (context) => {
      const { orgId, limit, cursor, status, producerId, createdFrom, createdTo, q } = context.query;
      const scope = orgScope(context, orgId);
      const page = await submissions.list(
        scope,
        {
          ...(await visibleAmong(records, context, scope, 'submission')),
          ...(status ? { status } : {}),
          ...(q === undefined ? {} : { words: queryWords(q) }),
          ...(producerId ? { producerId } : {}),
          ...(createdFrom ? { createdFrom: new Date(createdFrom) } : {}),
          ...(createdTo ? { createdTo: new Date(createdTo) } : {}),
        },
        { ...(limit ? { limit } : {}), ...(cursor ? { cursor } : {}) },
      );
      return { status: 200, body: mapPage(page, viewSubmission) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/submissions/:id',
    record: { type: 'submission', relation: 'viewer' },
    operationId: 'getSubmission',
    summary: 'A submission with its triage results.',
    tags: ['submissions'],
    permission: 'submissions:read',
    params: IdParams,
    query: Scoped,
    responses: { 200: { description: 'The submission.', schema: SubmissionSchema } },
    handler: async (context) => ({ status: 200, body: viewSubmission(await submissions.get(orgScope(context, context.query.orgId), context.params.id)) }),
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/submissions/:id/quote',
    record: { type: 'submission', relation: 'editor' },
    operationId: 'quoteSubmission',
    summary: 'Rate the submission into a quote valid 30 days, with its flags and what bind would refuse.',
    tags: ['submissions'],
    permission: 'submissions:write',
    params: IdParams,
    query: Scoped,
    errors: ['invalid_transition'],
    responses: { 201: { description: 'The quote.', schema: QuoteSchema } },
    handler: async (context) => {
      const orgId = orgScope(context, context.query.orgId);
      const quote = await quoting.quote(orgId, context.params.id, describeActor(context.principal));
      return { status: 201, body: viewQuote(quote, await quoting.blockersOf(context.principal, orgId, quote)) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/submissions/:id/quote-readiness',
    record: { type: 'submission', relation: 'viewer' },
    operationId: 'quoteReadiness',
    summary: 'Triage score, whether the caller could bind now, what is missing and what bind would refuse.',
    tags: ['submissions'],
    permission: 'submissions:read',
    params: IdParams,
    query: Scoped,
    responses: { 200: { description: 'Readiness.', schema: ReadinessSchema } },
    handler: async (context) => ({ status: 200, body: await quoting.readiness(context.principal, orgScope(context, context.query.orgId), context.params.id) }),
  }),
];
