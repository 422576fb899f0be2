import { Type } from '@sinclair/typebox';
import { FORM_KINDS, NOTICE_TRANSACTIONS, type PolicyForm } from '../../../core/policy/forms.ts';
import { LINES_OF_BUSINESS, US_STATES } from '../../../core/shared/reference-data.ts';
import { COVERAGE_CONDITIONS, COVERAGE_TRIGGERS } from '../../../core/underwriting/coverage-options.ts';
import type { Forms } from '../../../ports/policy/forms.use-case.ts';
import { DateOnly, named, Nullable, OneOf, OrgIdQuery } from '../shared/common.schemas.ts';
import { orgScope } from '../shared/org-scope.ts';
import { defineRoute, type RouteDefinition } from '../shared/route.ts';

const FormSchema = named(
  'Form',
  'One edition of a form of the library: when it is in force and when it attaches. Numbers and titles are public; wording is the form owner’s and is not served.',
  Type.Object({
    formNumber: Type.String({ examples: ['CG 00 01'] }),
    edition: Type.String({ description: 'YYYY-MM, as printed at the form’s foot.', examples: ['2013-04'] }),
    effectiveFrom: DateOnly,
    effectiveTo: Nullable(DateOnly),
    title: Type.String(),
    kind: OneOf(FORM_KINDS),
    lines: Type.Array(OneOf(LINES_OF_BUSINESS)),
    states: Nullable(Type.Array(Type.String(), { description: 'The states it is for; null: every state.' })),
    attachWhen: Type.Object(
      {
        trigger: Type.Optional(OneOf(COVERAGE_TRIGGERS)),
        options: Type.Optional(Type.Array(OneOf(COVERAGE_CONDITIONS))),
        naicsSectors: Type.Optional(Type.Array(Type.String())),
        transactions: Type.Optional(Type.Array(OneOf(NOTICE_TRANSACTIONS))),
      },
      { description: 'Every condition given must hold; a notice names the transactions it is issued for.' },
    ),
    source: Type.String({ description: 'Where the number, title and edition were taken from.' }),
    sourceNote: Type.Optional(Type.String({ description: 'What the source does not show.' })),
  }),
);

const viewForm = (form: PolicyForm) => ({ ...form, states: form.states ? [...form.states] : null, lines: [...form.lines] });

/** The forms library. */
export const formRoutes = (forms: Forms): RouteDefinition[] => [
  defineRoute({
    method: 'GET',
    path: '/v1/forms',
    operationId: 'listForms',
    summary: 'The forms in force on a date (today by default), for a line and a state when given, in form-number order.',
    description: 'A policy carries the editions in force when its term began, whatever is in force today.',
    tags: ['policies'],
    permission: 'policies:read',
    query: Type.Object({
      line: Type.Optional(OneOf(LINES_OF_BUSINESS)),
      state: Type.Optional(OneOf(US_STATES)),
      asOf: Type.Optional(DateOnly),
      ...OrgIdQuery,
    }),
    responses: {
      200: {
        description: 'The forms in force, and the library version they come from.',
        schema: Type.Object(
          { libraryVersion: Type.String(), data: Type.Array(FormSchema) },
          { $id: 'FormCollection', description: 'The forms in force on the date asked, with the version of the library they come from.' },
        ),
      },
    },
    handler: async (context) => {
      const { line, state, asOf, orgId } = context.query;
      const data = forms.list(orgScope(context, orgId), { ...(line ? { line } : {}), ...(state ? { state } : {}), ...(asOf ? { asOf } : {}) });
      return { status: 200, body: { libraryVersion: forms.libraryVersion, data: data.map(viewForm) } };
    },
  }),
];
