import type { DocumentAnalysis } from './document-analysis.port.ts';
import type { FormDrawing } from './form-drawing.port.ts';
import type { FormReader } from './form-reader.port.ts';
import type { PdfInspector } from './pdf-inspector.port.ts';

/** The pool of PDF worker threads: reads forms and documents, draws and inspects the platform's own PDFs. */
export interface PdfWorkers extends FormReader, FormDrawing, PdfInspector, DocumentAnalysis {
  close(): Promise<void>;
}
