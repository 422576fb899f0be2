/**
 * The PDF pool's worker thread: every PDF task (reading forms, drawing certificates) runs here,
 * off the event loop that serves requests, within the pool's time budget.
 */
import { PDFDocument } from 'pdf-lib';
import { drawAcord25 } from './forms/acord25.ts';
import { drawMcs90 } from './forms/mcs90.ts';
import { readForm, type FormReadResult, type FormReadTask } from './pdf-form-reading.ts';
import type { CertificateOfInsurance, Mcs90Endorsement } from '../../core/documents/certificate.ts';

// pdf-lib reports every damaged object it skips on the console; a hostile file would fill the
// service's log with them. Outcomes are returned instead.
console.warn = () => undefined;
console.log = () => undefined;

export type PdfTask =
  | ({ readonly kind: 'readForm' } & FormReadTask)
  | { readonly kind: 'acord25'; readonly content: CertificateOfInsurance }
  | { readonly kind: 'mcs90'; readonly content: Mcs90Endorsement }
  | { readonly kind: 'pageCount'; readonly pdf: Uint8Array };

export type PdfTaskResult = FormReadResult | Uint8Array | number;

export default async function run(task: PdfTask): Promise<PdfTaskResult> {
  switch (task.kind) {
    case 'readForm':
      return readForm(task);
    case 'acord25':
      return drawAcord25(task.content);
    case 'mcs90':
      return drawMcs90(task.content);
    case 'pageCount':
      return (await PDFDocument.load(task.pdf, { updateMetadata: false })).getPageCount();
  }
}
