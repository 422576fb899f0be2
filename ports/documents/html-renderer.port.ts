/** Turns a self-contained HTML page into a PDF (Letter size, backgrounds printed). */
export interface HtmlRenderer {
  /**
   * Nothing the page refers to is fetched, and no script runs. Throws `service_unavailable` when
   * every renderer is busy and the queue is full, or when no browser can be started.
   */
  render(html: string): Promise<Uint8Array>;
  close(): Promise<void>;
}
