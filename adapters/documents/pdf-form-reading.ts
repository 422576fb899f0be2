import { readFile } from 'node:fs/promises';
import { ParseSpeeds, PDFCheckBox, PDFDocument, PDFDropdown, PDFName, PDFRadioGroup, PDFRef, PDFTextField, type PDFField } from 'pdf-lib';
import type { FormField } from '../../core/documents/form-fields.ts';

/**
 * Reads an AcroForm in a worker thread of the PDF pool: pdf-lib parses synchronously and its cost
 * grows with whatever the sender put in the file, so it never runs on the event loop.
 */

export interface FormReadTask {
  readonly path: string;
}

export type FormReadResult = { readonly ok: true; readonly fields: FormField[] } | { readonly ok: false; readonly reason: string };

/** What one form may contribute: enough for any ACORD packet, small enough to handle on the main thread. */
const MAX_FORM_FIELDS = 2_000;
const MAX_FIELD_VALUE_CHARS = 2_000;
const MAX_ANNOTATIONS_PER_PAGE = 2_000;

/**
 * A checkbox is checked when its value names any appearance but `Off`: real blanks export `1`,
 * `Yes` or `On`, and some files carry the value without an appearance to match.
 */
const checkBoxValue = (field: PDFCheckBox): boolean => {
  if (field.isChecked()) return true;
  const value = field.acroField.dict.get(PDFName.of('V'));
  return value instanceof PDFName && value.asString() !== '/Off';
};

const readValue = (field: PDFField): string | boolean | undefined => {
  if (field instanceof PDFTextField) return (field.getText() ?? '').slice(0, MAX_FIELD_VALUE_CHARS);
  if (field instanceof PDFCheckBox) return checkBoxValue(field);
  if (field instanceof PDFDropdown) return (field.getSelected()[0] ?? '').slice(0, MAX_FIELD_VALUE_CHARS);
  if (field instanceof PDFRadioGroup) return (field.getSelected() ?? '').slice(0, MAX_FIELD_VALUE_CHARS);
  return undefined;
};

/**
 * The page each field's first widget is on (1-based): from the widget's `/P` entry, else from the
 * page whose annotations list it. Several forms in one file are told apart by their pages.
 */
const pageFinder = (pdf: PDFDocument): ((field: PDFField) => number | null) => {
  const pageOfRef = new Map<string, number>();
  const pageOfAnnotation = new Map<string, number>();
  pdf.getPages().forEach((page, index) => {
    pageOfRef.set(page.ref.tag, index + 1);
    const annotations = page.node.Annots();
    for (let at = 0; annotations && at < Math.min(annotations.size(), MAX_ANNOTATIONS_PER_PAGE); at += 1) {
      const ref = annotations.get(at);
      if (ref instanceof PDFRef) pageOfAnnotation.set(ref.tag, index + 1);
    }
  });
  const refOf = new Map<unknown, PDFRef>();
  for (const [ref, object] of pdf.context.enumerateIndirectObjects()) refOf.set(object, ref);
  return (field) => {
    const widget = field.acroField.getWidgets()[0];
    if (!widget) return null;
    const page = widget.P();
    if (page instanceof PDFRef && pageOfRef.has(page.tag)) return pageOfRef.get(page.tag) ?? null;
    const own = refOf.get(widget.dict);
    return own ? (pageOfAnnotation.get(own.tag) ?? null) : null;
  };
};

/** The fields of a loaded document's form with their values and pages, within the limits above. */
export const readFormFields = (pdf: PDFDocument): FormField[] => {
  const pageOf = pageFinder(pdf);
  const fields: FormField[] = [];
  for (const field of pdf.getForm().getFields().slice(0, MAX_FORM_FIELDS)) {
    const value = readValue(field);
    if (value !== undefined) fields.push({ name: field.getName().slice(0, MAX_FIELD_VALUE_CHARS), value, page: pageOf(field) });
  }
  return fields;
};

/** The form of a PDF in hand: what a worker reads for a stored document. */
export async function readFormBytes(bytes: Uint8Array): Promise<FormReadResult> {
  if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') return { ok: false, reason: 'The upload is not a PDF.' };
  try {
    const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
    return { ok: true, fields: readFormFields(pdf) };
  } catch {
    // Any failure inside pdf-lib (a missing catalog, a broken cross-reference table) means the
    // document cannot be read; the sender gets one answer for all of them.
    return { ok: false, reason: 'The PDF cannot be read.' };
  }
}

export async function readForm({ path }: FormReadTask): Promise<FormReadResult> {
  return readFormBytes(new Uint8Array(await readFile(path)));
}
