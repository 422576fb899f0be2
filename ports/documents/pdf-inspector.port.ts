/** Facts about a PDF that take parsing it (off the event loop). */
export interface PdfInspector {
  pageCount(tenant: string, pdf: Uint8Array): Promise<number>;
}
