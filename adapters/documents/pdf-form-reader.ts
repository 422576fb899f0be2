import { PDFCheckBox, PDFDocument, PDFDropdown, PDFRadioGroup, PDFTextField } from 'pdf-lib';
import { DomainError } from '../../core/shared/domain-error.ts';
import type { FormValues } from '../../core/underwriting/acord125.ts';
import type { FormReader } from '../../ports/documents/form-reader.port.ts';

/** AcroForm fields through pdf-lib; a PDF without a form reads as no fields. */
export class PdfFormReader implements FormReader {
  async read(document: Uint8Array): Promise<FormValues> {
    if (Buffer.from(document.subarray(0, 5)).toString('latin1') !== '%PDF-') throw new DomainError('invalid_document', 'The upload is not a PDF.');
    let pdf: PDFDocument;
    try {
      pdf = await PDFDocument.load(document, { ignoreEncryption: true, updateMetadata: false });
    } catch {
      throw new DomainError('invalid_document', 'The PDF cannot be read.');
    }
    const values: Record<string, string | boolean> = {};
    for (const field of pdf.getForm().getFields()) {
      const name = field.getName();
      if (field instanceof PDFTextField) values[name] = field.getText() ?? '';
      else if (field instanceof PDFCheckBox) values[name] = field.isChecked();
      else if (field instanceof PDFDropdown) values[name] = field.getSelected()[0] ?? '';
      else if (field instanceof PDFRadioGroup) values[name] = field.getSelected() ?? '';
    }
    return values;
  }
}
