/**
 * The PDF pool's worker thread: every PDF task (reading forms, drawing certificates) runs here,
 * off the event loop that serves requests, within the pool's time budget.
 */
import { PDFDocument } from 'pdf-lib';
import { drawAcord25 } from './forms/acord25.ts';
import { drawMcs90 } from './forms/mcs90.ts';
import { drawCancellationNotice } from './forms/cancellation-notice.ts';
import type { CancellationNotice } from '../../core/documents/cancellation-notice.ts';
import { readForm, readFormBytes, type FormReadResult, type FormReadTask } from './pdf-form-reading.ts';
import { readFileSync } from 'node:fs';
import type { CertificateOfInsurance, Mcs90Endorsement } from '../../core/documents/certificate.ts';
import type { DrawnContent } from '../../core/documents/policy-document-content.ts';
import { drawPolicyDocument } from './forms/policy-document.ts';
import { classify, featuresOf, type ClassifierModel, type DocumentClass } from '../../core/documents/document-classification.ts';
import type { ExtractedFields } from '../../core/documents/field-extraction.ts';
import { extractFields } from './extracted-fields.ts';
import { leafName } from '../../core/underwriting/acord125.ts';
import type { ClassifiedDocument, DocumentContent } from '../../ports/documents/document-analysis.port.ts';
import { CLASSIFIER_MODEL_PATH } from './classifier-model.ts';
import { documentContentOf } from './document-content.ts';

// pdf-lib reports every damaged object it skips on the console; a hostile file would fill the
// service's log with them. Outcomes are returned instead.
console.warn = () => undefined;
console.log = () => undefined;

export type PdfTask =
  | { readonly kind: 'ready' }
  | ({ readonly kind: 'readForm' } & FormReadTask)
  | { readonly kind: 'readFormBytes'; readonly bytes: Uint8Array }
  | { readonly kind: 'acord25'; readonly content: CertificateOfInsurance }
  | { readonly kind: 'mcs90'; readonly content: Mcs90Endorsement }
  | { readonly kind: 'cancellationNotice'; readonly content: CancellationNotice }
  | { readonly kind: 'policyDocument'; readonly content: DrawnContent; readonly at: Date }
  | { readonly kind: 'pageCount'; readonly pdf: Uint8Array }
  | { readonly kind: 'content'; readonly path: string }
  | { readonly kind: 'classify'; readonly path: string }
  | { readonly kind: 'extract'; readonly type: DocumentClass; readonly content: DocumentContent };

export type PdfTaskResult = FormReadResult | Uint8Array | number | DocumentContent | ClassifiedDocument | ExtractedFields | null;

let model: ClassifierModel | null = null;
/** The embedded model, read once per worker thread. */
const embeddedModel = (): ClassifierModel => (model ??= JSON.parse(readFileSync(CLASSIFIER_MODEL_PATH, 'utf8')) as ClassifierModel);

const classifyEmbedded = async (path: string): Promise<ClassifiedDocument> => {
  const content = await documentContentOf(path);
  const classification = classify(
    embeddedModel(),
    featuresOf(
      content.text,
      content.form.map((field) => leafName(field.name)),
    ),
  );
  return { classification, extracted: extractFields(classification.type, content.text, content.form), classifiedBy: 'embedded' };
};

export default async function run(task: PdfTask): Promise<PdfTaskResult> {
  switch (task.kind) {
    case 'ready':
      // Answered once this module (and the PDF libraries it imports) has loaded.
      return null;
    case 'readForm':
      return readForm(task);
    case 'readFormBytes':
      return readFormBytes(task.bytes);
    case 'acord25':
      return drawAcord25(task.content);
    case 'mcs90':
      return drawMcs90(task.content);
    case 'cancellationNotice':
      return drawCancellationNotice(task.content);
    case 'policyDocument':
      return drawPolicyDocument(task.content, task.at);
    case 'pageCount':
      return (await PDFDocument.load(task.pdf, { updateMetadata: false })).getPageCount();
    case 'content':
      return documentContentOf(task.path);
    case 'classify':
      return classifyEmbedded(task.path);
    case 'extract':
      return extractFields(task.type, task.content.text, task.content.form);
  }
}
