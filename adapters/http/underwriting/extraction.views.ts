import { Type } from '@sinclair/typebox';
import { LINES_OF_BUSINESS } from '../../../core/shared/reference-data.ts';
import { Nullable, OneOf } from '../shared/common.schemas.ts';
import { SubmissionSchema } from './underwriting.views.ts';

const FORMS = ['ACORD 125', 'ACORD 126', 'ACORD 25'] as const;

const SourceSchema = Type.Object({
  field: Type.String({ description: 'The form field’s name as the file has it (XFA-qualified or not).' }),
  form: OneOf(FORMS),
  page: Nullable(Type.Integer({ minimum: 1, description: 'The page of the file (1-based) the field is on.' })),
});

const ExtractionSchema = Type.Object(
  {
    fields: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), {
      description:
        'What was read, by submission field (money in dollars): `homeState` is the mailing address’s state (a state, DC or territory), `state` the first premises’ state; `generalAggregate` (the 126’s) is reported only.',
    }),
    sources: Type.Record(Type.String(), Type.Array(SourceSchema), { description: 'For each entry of `fields`, the form fields it was read from.' }),
    forms: Type.Array(Type.Object({ form: OneOf([...FORMS, 'other'] as const), pages: Type.Array(Type.Integer({ minimum: 1 })) }), {
      description: 'The forms found in the file and their pages; `other` gathers the pages of forms not read.',
    }),
    lines: Type.Array(OneOf(LINES_OF_BUSINESS), {
      description: 'Every line of business the application asks for; more than one leaves `lineOfBusiness` missing.',
    }),
    otherLines: Type.Array(Type.String(), { description: 'OTHER rows naming lines this service does not write, as written.' }),
    missing: Type.Array(Type.String()),
    confidence: Type.Number({ minimum: 0, maximum: 1, description: 'The share of the required fields that were read.' }),
    needsReview: Type.Boolean(),
  },
  { $id: 'Extraction', description: 'What an ACORD application upload said, field by field, and where each value was read.' },
);

export const CreatedSubmissionSchema = Type.Composite([SubmissionSchema, Type.Object({ extraction: Type.Optional(ExtractionSchema) })], {
  $id: 'CreatedSubmission',
  description: 'A new submission; created from an ACORD application, with what was read from it.',
});
