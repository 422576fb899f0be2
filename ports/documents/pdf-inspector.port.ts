/** Facts about a PDF that take parsing it (off the event loop). */
export interface PdfInspector {
  pageCount(pdf: Uint8Array): Promise<number>;
}
