import { Type, type Static } from '@sinclair/typebox';
import { TEMPLATE_NAMES } from '../../../core/documents/html-templates.ts';
import { validationFailed } from '../../../core/shared/domain-error.ts';
import { dollarsToCents } from '../../../core/shared/money.ts';
import { MAX_HTML_BYTES, type PdfRendering, type RenderRequest } from '../../../ports/documents/pdf-rendering.use-case.ts';
import { DateOnly, LongText, Money, OneOf, OrgIdQuery, PostalAddressSchema, Text } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';
import { validate } from '../shared/schema-validator.ts';
import { DocumentSchema, viewDocument } from './document.views.ts';

const InvoiceData = Type.Object(
  {
    invoiceNumber: Text({ minLength: 1, maxLength: 64 }),
    issuedOn: DateOnly,
    dueDate: DateOnly,
    billTo: Type.Object({ name: Text({ minLength: 1, maxLength: 200 }), address: Type.Optional(PostalAddressSchema) }, { additionalProperties: false }),
    policyNumber: Type.Optional(Text({ minLength: 1, maxLength: 64 })),
    lines: Type.Array(Type.Object({ description: Text({ minLength: 1, maxLength: 300 }), amount: Money({ minimum: 0 }) }, { additionalProperties: false }), {
      minItems: 1,
      maxItems: 200,
    }),
    notes: Type.Optional(LongText({ minLength: 1, maxLength: 2000 })),
  },
  { additionalProperties: false },
);

const ReceiptData = Type.Object(
  {
    receiptNumber: Text({ minLength: 1, maxLength: 64 }),
    receivedOn: DateOnly,
    receivedFrom: Text({ minLength: 1, maxLength: 200 }),
    amount: Money({ minimum: 0 }),
    method: Text({ minLength: 1, maxLength: 50 }),
    reference: Type.Optional(Text({ minLength: 1, maxLength: 100 })),
    invoiceNumber: Type.Optional(Text({ minLength: 1, maxLength: 64 })),
    policyNumber: Type.Optional(Text({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);

const RenderBody = Type.Object(
  {
    html: Type.Optional(
      Type.String({
        minLength: 1,
        description: `A self-contained page, at most ${MAX_HTML_BYTES / 1024 / 1024} MiB (UTF-8); larger is 413. Scripts do not run and nothing it refers to is fetched.`,
      }),
    ),
    template: Type.Optional(OneOf(TEMPLATE_NAMES, { description: 'A named template, filled from `data` with every value escaped.' })),
    data: Type.Optional(
      Type.Object(
        {},
        {
          additionalProperties: true,
          description: 'The template’s fields: `invoice` takes InvoiceTemplateData, `receipt` ReceiptTemplateData (amounts in dollars).',
        },
      ),
    ),
    filename: Type.Optional(Text({ minLength: 1, maxLength: 200 })),
  },
  { additionalProperties: false },
);

const RenderedSchema = Type.Composite([DocumentSchema, Type.Object({ pages: Type.Integer({ minimum: 1 }) })], {
  $id: 'RenderedDocument',
  description: 'A PDF rendered from HTML or a template, stored as a document.',
});

/** Exactly one of `html` and `template`, and a template's data checked against its own schema. */
const renderRequest = (body: Static<typeof RenderBody>): RenderRequest => {
  const filename = body.filename ? { filename: body.filename } : {};
  if (body.html !== undefined && body.template !== undefined)
    throw validationFailed('template', 'exclusive', 'Send either `html` or `template` with `data`, not both.');
  if (body.html !== undefined) return { html: body.html, ...filename };
  if (body.template === undefined) throw validationFailed('html', 'required', 'Send `html`, or a `template` with its `data`.');
  if (body.data === undefined) throw validationFailed('data', 'required', `The '${body.template}' template needs its 'data'.`);
  if (body.template === 'invoice') {
    validate(InvoiceData, body.data, 'body', 'data');
    const data = body.data as Static<typeof InvoiceData>;
    const lines = data.lines.map((line, index) => ({ description: line.description, amount: dollarsToCents(line.amount, `data.lines.${index}.amount`) }));
    return { template: 'invoice', data: { ...data, lines }, ...filename };
  }
  validate(ReceiptData, body.data, 'body', 'data');
  const data = body.data as Static<typeof ReceiptData>;
  return { template: 'receipt', data: { ...data, amount: dollarsToCents(data.amount, 'data.amount') }, ...filename };
};

/** HTML (or a named template) to a stored PDF through the headless browser. */
export const renderingRoutes = (rendering: PdfRendering, publicBaseUrl: string): RouteDefinition[] => [
  defineRoute({
    method: 'POST',
    path: '/v1/documents/render-pdf',
    operationId: 'renderPdf',
    summary: 'Render an HTML page, or a named template (`invoice`, `receipt`) with its data, to a stored PDF with a download URL valid for 15 minutes.',
    description:
      "Rendered by headless Chromium with JavaScript disabled and every request the page makes refused: remote, `file:` and other URLs are never fetched; inline styles and `data:` images and fonts work. HTML over 2 MiB is 413. Renders have their own budget of 30 a minute per caller, apart from its general one. The browser's pages are shared fairly between organizations: a freed page goes to the waiting organization holding the fewest, and an organization with 4 renders already waiting is answered 429; when the whole queue is full, 503. Both carry `Retry-After`. Chromium is started so that it can open no network connection at all.",
    tags: ['documents'],
    permission: 'documents:write',
    rateClass: 'render',
    query: Type.Object(OrgIdQuery),
    body: RenderBody,
    // JSON escaping may double an HTML page's size (quotes), so the body may be larger than the page.
    maxBodyBytes: 2 * MAX_HTML_BYTES + 64 * 1024,
    errors: ['payload_too_large', 'service_unavailable'],
    responses: { 201: { description: 'The rendered PDF, stored.', schema: RenderedSchema } },
    handler: async (context) => {
      const { document, link } = await rendering.render(context.principal, orgScope(context, context.query.orgId), renderRequest(context.body));
      return { status: 201, body: { ...viewDocument(publicBaseUrl, document, link), pages: document.pages ?? 1 } };
    },
  }),
];
