import type { Classification, DocumentClass } from '../../core/documents/document-classification.ts';
import type { ExtractedFields } from '../../core/documents/field-extraction.ts';
import type { FormFields } from '../../core/documents/form-fields.ts';
import type { StagedFile } from './staged-file.port.ts';

/** The text and form of an uploaded document, bounded in size. */
export interface DocumentContent {
  readonly text: string;
  /** Its form's fields with their values and pages; empty for a document without a form. */
  readonly form: FormFields;
}

export interface ClassifiedDocument {
  readonly classification: Classification;
  /** Fields read from the document, for the types that have them (money in dollars). */
  readonly extracted: ExtractedFields | null;
  /** Which classifier decided: the embedded model, or the configured AI provider. */
  readonly classifiedBy: 'embedded' | 'ai';
}

/**
 * Decides what kind of document an upload is, and reads the fields its kind has. `tenant` (the
 * organization) is whose turn and budget the work is counted in.
 */
export interface DocumentClassifier {
  classify(tenant: string, file: StagedFile): Promise<ClassifiedDocument>;
}

/** Document parsing and the embedded model, off the event loop. */
export interface DocumentAnalysis extends DocumentClassifier {
  content(tenant: string, file: StagedFile): Promise<DocumentContent>;
  extract(tenant: string, type: DocumentClass, content: DocumentContent): Promise<ExtractedFields | null>;
}
