/** Turns a self-contained HTML page into a PDF (Letter size, backgrounds printed). */
export interface HtmlRenderer {
  /**
   * Nothing the page refers to is fetched, and no script runs. Renders are served fairly between
   * tenants (organizations). Throws `service_unavailable` when every renderer is busy and the
   * queue is full, or when no browser can be started; `rate_limited` when the tenant already has
   * its share of the queue waiting.
   */
  render(tenant: string, html: string): Promise<Uint8Array>;
  /** Starts the browser ahead of the first render. */
  warm(): Promise<void>;
  close(): Promise<void>;
}
