import type { DocumentClass } from '../../core/documents/document-classification.ts';
import { certificateFields, lossRunTotals, type ExtractedFields } from '../../core/documents/field-extraction.ts';
import type { FormFields } from '../../core/documents/form-fields.ts';
import { fromAcord125 } from '../../core/underwriting/acord125.ts';

/** Fields of the types that have them; none for the others. */
export const extractFields = (type: DocumentClass, text: string, form: FormFields): ExtractedFields | null => {
  switch (type) {
    case 'acord_125':
      return form.length > 0 ? fromAcord125(form).extraction.fields : null;
    case 'loss_run':
      return lossRunTotals(text);
    case 'acord_25_coi':
      return certificateFields(text);
    default:
      return null;
  }
};
