import { readFile } from 'node:fs/promises';
import { ParseSpeeds, PDFCheckBox, PDFDocument, PDFDropdown, PDFRadioGroup, PDFTextField } from 'pdf-lib';

/**
 * Reads an AcroForm in a worker thread of the PDF pool: pdf-lib parses synchronously and its cost
 * grows with whatever the sender put in the file, so it never runs on the event loop.
 */

export interface FormReadTask {
  readonly path: string;
}

export type FormReadResult = { readonly ok: true; readonly values: Record<string, string | boolean> } | { readonly ok: false; readonly reason: string };

/** What one form may contribute: enough for any ACORD form, small enough to handle on the main thread. */
export const MAX_FORM_FIELDS = 2_000;
export const MAX_FIELD_VALUE_CHARS = 2_000;

const readValue = (field: unknown): string | boolean | undefined => {
  if (field instanceof PDFTextField) return (field.getText() ?? '').slice(0, MAX_FIELD_VALUE_CHARS);
  if (field instanceof PDFCheckBox) return field.isChecked();
  if (field instanceof PDFDropdown) return (field.getSelected()[0] ?? '').slice(0, MAX_FIELD_VALUE_CHARS);
  if (field instanceof PDFRadioGroup) return (field.getSelected() ?? '').slice(0, MAX_FIELD_VALUE_CHARS);
  return undefined;
};

/** The values of a loaded document's form fields, by field name, within the limits above. */
export const readFormValues = (pdf: PDFDocument): Record<string, string | boolean> => {
  const values: Record<string, string | boolean> = {};
  for (const field of pdf.getForm().getFields().slice(0, MAX_FORM_FIELDS)) {
    const value = readValue(field);
    if (value !== undefined) values[field.getName().slice(0, MAX_FIELD_VALUE_CHARS)] = value;
  }
  return values;
};

export async function readForm({ path }: FormReadTask): Promise<FormReadResult> {
  const bytes = await readFile(path);
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') return { ok: false, reason: 'The upload is not a PDF.' };
  try {
    const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
    return { ok: true, values: readFormValues(pdf) };
  } catch {
    // Any failure inside pdf-lib (a missing catalog, a broken cross-reference table) means the
    // document cannot be read; the sender gets one answer for all of them.
    return { ok: false, reason: 'The PDF cannot be read.' };
  }
}
