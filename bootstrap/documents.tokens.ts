import type { DocumentIngestion } from '../ports/documents/document-ingestion.use-case.ts';
import type { DocumentLibrary } from '../ports/documents/document-library.use-case.ts';
import type { DocumentRepository } from '../ports/documents/document.repository.ts';
import type { FileStorage } from '../ports/documents/file-storage.port.ts';
import type { HtmlRenderer } from '../ports/documents/html-renderer.port.ts';
import type { PdfRendering } from '../ports/documents/pdf-rendering.use-case.ts';
import type { PdfWorkers } from '../ports/documents/pdf-workers.port.ts';
import type { StorageUsage } from '../ports/documents/storage-usage.port.ts';
import { token } from './wiring.ts';

/** Stored files and their records, PDF reading, drawing and rendering. Each key is typed by the port bound to it in `documents.module.ts`. */
export const DOCUMENTS = {
  PdfWorkers: token<PdfWorkers>('PdfWorkers'),
  HtmlRenderer: token<HtmlRenderer>('HtmlRenderer'),
  FileStorage: token<FileStorage>('FileStorage'),
  DocumentRepository: token<DocumentRepository>('DocumentRepository'),
  StorageUsage: token<StorageUsage>('StorageUsage'),
  DocumentLibrary: token<DocumentLibrary>('DocumentLibrary'),
  DocumentIngestion: token<DocumentIngestion>('DocumentIngestion'),
  PdfRendering: token<PdfRendering>('PdfRendering'),
} as const;
