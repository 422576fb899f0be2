import { safeFileName } from '../../core/documents/file-name.ts';
import { invoiceHtml, receiptHtml, type InvoiceTemplateData, type ReceiptTemplateData } from '../../core/documents/html-templates.ts';
import { describeActor, type Principal } from '../../core/shared/access/principal.ts';
import { DomainError } from '../../core/shared/domain-error.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { DocumentLibrary, LinkedDocument } from './document-library.use-case.ts';
import type { HtmlRenderer } from './html-renderer.port.ts';
import type { PdfInspector } from './pdf-inspector.port.ts';

/** The largest HTML page rendered, in UTF-8 bytes (2 MiB). */
export const MAX_HTML_BYTES = 2 * 1024 * 1024;

export type RenderRequest = { readonly filename?: string } & (
  | { readonly html: string }
  | { readonly template: 'invoice'; readonly data: InvoiceTemplateData }
  | { readonly template: 'receipt'; readonly data: ReceiptTemplateData }
);

const htmlOf = (request: RenderRequest): string => {
  if ('html' in request) return request.html;
  return request.template === 'invoice' ? invoiceHtml(request.data) : receiptHtml(request.data);
};

export interface PdfRenderingDeps {
  readonly renderer: HtmlRenderer;
  readonly inspector: PdfInspector;
  readonly library: DocumentLibrary;
  readonly audit: AuditTrail;
  readonly ids: IdGenerator;
}

/** HTML pages, the caller's own or the platform's named templates, rendered to stored PDFs. */
export class PdfRendering {
  private readonly deps: PdfRenderingDeps;

  constructor(deps: PdfRenderingDeps) {
    this.deps = deps;
  }

  /**
   * With `storageKey`, the document rendered once under that key is returned as it is (a
   * rendering of one state of a record, such as an invoice's).
   */
  async render(
    actor: Principal,
    orgId: string,
    request: RenderRequest,
    options: { readonly storageKey?: string; readonly about?: { readonly policyId?: string } } = {},
  ): Promise<LinkedDocument> {
    const kept = options.storageKey ? await this.deps.library.findByStorageKey(orgId, options.storageKey) : null;
    if (kept) return { document: kept, link: this.deps.library.linkTo(kept) };
    const html = htmlOf(request);
    if (Buffer.byteLength(html) > MAX_HTML_BYTES) {
      throw new DomainError('payload_too_large', `The HTML exceeds ${MAX_HTML_BYTES} bytes.`, { limitBytes: MAX_HTML_BYTES });
    }
    const pdf = await this.deps.renderer.render(orgId, html);
    const pages = await this.deps.inspector.pageCount(orgId, pdf);
    const id = this.deps.ids.next('doc');
    const document = await this.deps.library.store(orgId, {
      id,
      type: 'rendered',
      storageKey: options.storageKey ?? `docs/${orgId}/rendered/${id}.pdf`,
      filename: safeFileName(request.filename ?? ('template' in request ? request.template : 'document'), ['pdf'], 'document'),
      contentType: 'application/pdf',
      content: pdf,
      // A caller's own render counts against its organization's quota; one the platform files under its own key does not.
      withinQuota: options.storageKey === undefined,
      createdBy: describeActor(actor),
      pages,
      ...(options.about ? { about: options.about } : {}),
    });
    await this.deps.audit.record(
      actor,
      orgId,
      'document.rendered',
      { type: 'document', id },
      {
        source: 'template' in request ? request.template : 'html',
        pages,
        size: document.size,
      },
    );
    return { document, link: this.deps.library.linkTo(document) };
  }
}
