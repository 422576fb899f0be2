import { readFile } from 'node:fs/promises';
import { ParseSpeeds, PDFDocument } from 'pdf-lib';
import type { DocumentContent } from '../../ports/documents/document-analysis.port.ts';
import { readFormFields } from './pdf-form-reading.ts';
import { pdfText } from './pdf-text.ts';

/** Characters of text kept per document: the first pages say what a document is. */
const MAX_TEXT_CHARS = 64 * 1024;

const isPdf = (bytes: Uint8Array) => bytes.length >= 5 && Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-');

/**
 * The text and form of an uploaded document: a PDF through pdf.js (text) and pdf-lib (AcroForm);
 * a text file as UTF-8. Anything else has neither. Only worker threads call this.
 */
export const documentContent = async (bytes: Uint8Array): Promise<DocumentContent> => {
  if (!isPdf(bytes)) {
    const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, MAX_TEXT_CHARS * 4));
    return { text: text.includes('\u0000') ? '' : text.slice(0, MAX_TEXT_CHARS), form: [] };
  }
  const [text, form] = await Promise.all([
    pdfText(bytes).catch(() => ''),
    PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, parseSpeed: ParseSpeeds.Fastest })
      .then(readFormFields)
      .catch(() => []),
  ]);
  return { text: text.slice(0, MAX_TEXT_CHARS), form };
};

export const documentContentOf = async (path: string): Promise<DocumentContent> => documentContent(new Uint8Array(await readFile(path)));
