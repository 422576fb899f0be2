import { existsSync } from 'node:fs';
import type { Browser, HTTPRequest, Page } from 'puppeteer-core';
import { DomainError } from '../../core/shared/domain-error.ts';
import type { HtmlRenderer } from '../../ports/documents/html-renderer.port.ts';
import { FairSlots, SlotRefused } from '../shared/fair-slots.ts';
import { endProcessGroup, launchChromium } from './chromium-process.ts';

export interface ChromiumOptions {
  /** Debian's Chromium unless configured (`PUPPETEER_EXECUTABLE_PATH`). */
  readonly executablePath: string;
  /** Pages rendering at once in the one browser. */
  readonly pages: number;
  /** Renders that may wait for a page; beyond that the request answers 503. */
  readonly maxQueue: number;
  /** Of those, the most one organization may have waiting; beyond that its request answers 429. */
  readonly maxQueuePerTenant: number;
  /** Time one render may take, from page load to finished PDF. */
  readonly budgetMs: number;
  /** Chromium's own sandbox off, for containers that refuse its user namespaces (as root it always is). */
  readonly noSandbox?: boolean;
}

export const DEFAULT_CHROMIUM: ChromiumOptions = { executablePath: '/usr/bin/chromium', pages: 2, maxQueue: 16, maxQueuePerTenant: 4, budgetMs: 15_000 };

/** The address the page is served at: a reserved name no network resolves, answered by us alone. */
const PAGE_URL = 'https://render.invalid/document.html';

/**
 * Defence in depth behind the request interception: the browser itself may load nothing but the
 * page, its inline styles, and images or fonts inlined as data URLs. `sandbox` (with no
 * allowances) also stops what no request rule catches: a `<meta http-equiv="refresh">` that would
 * navigate the page away while it prints, forms, pop-ups and scripts.
 */
const CONTENT_SECURITY_POLICY = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; form-action 'none'; base-uri 'none'";

const unavailable = (message: string) => new DomainError('service_unavailable', message, { retryAfter: 5 });

/** The browser died under a render. */
class BrowserGone extends Error {}

interface Slot {
  page: Page;
  /** The HTML the next navigation to PAGE_URL answers with. */
  html: string;
  /** The page tried to leave for another address during this render. */
  leaving: boolean;
}

/**
 * HTML to PDF through one warm Chromium per process (puppeteer-core), with a bounded set of reused
 * pages. JavaScript is off, and every request the page makes is refused except the page itself, so
 * a template cannot fetch anything (remote, `file:` or otherwise). A render past its budget loses
 * its page; a browser that crashed is started again on the next render. The pages are shared
 * fairly between organizations (FairSlots): a freed page goes to the waiting organization holding
 * the fewest, and none may fill more than its share of the queue.
 */
export class ChromiumRenderer implements HtmlRenderer {
  private readonly options: ChromiumOptions;
  private browser: Promise<Browser> | null = null;
  private readonly idle: Slot[] = [];
  private readonly turns: FairSlots;
  private closed = false;

  constructor(options: ChromiumOptions = DEFAULT_CHROMIUM) {
    this.options = options;
    // One organization holds at most all pages but one: another's render starts at once.
    this.turns = new FairSlots({
      capacity: options.pages,
      maxQueue: options.maxQueue,
      maxQueuePerTenant: options.maxQueuePerTenant,
      maxHeldPerTenant: options.pages - 1,
    });
  }

  /** Starts the browser ahead of the first render (at service start), so no request pays for it. */
  async warm(): Promise<void> {
    await this.browserOf();
  }

  /** Waits for the organization's turn at a page; a render the browser's death interrupted is tried once more, on a browser started for it. */
  async render(tenant: string, html: string): Promise<Uint8Array> {
    const release = await this.turns.acquire(tenant).catch((error: unknown) => {
      if (!(error instanceof SlotRefused)) throw error;
      if (error.scope === 'share') throw new DomainError('rate_limited', `${error.message} Retry shortly.`, { retryAfter: 5 });
      throw unavailable('Too many documents are being rendered; retry shortly.');
    });
    try {
      return await this.renderOnce(html);
    } catch (error) {
      if (!(error instanceof BrowserGone)) throw error;
      return this.renderOnce(html).catch((again: unknown) => {
        throw again instanceof BrowserGone ? unavailable('The renderer failed; retry shortly.') : again;
      });
    } finally {
      release();
    }
  }

  private async renderOnce(html: string): Promise<Uint8Array> {
    const slot = await this.takeSlot();
    let healthy = false;
    try {
      slot.html = html;
      slot.leaving = false;
      const rendered = await this.withinBudget(async () => {
        await slot.page.goto(PAGE_URL, { waitUntil: 'load', timeout: this.options.budgetMs });
        return slot.page.pdf({ format: 'letter', printBackground: true, timeout: this.options.budgetMs });
      });
      healthy = true;
      // The sandbox stops refreshes and redirects; should one still be tried, what printed may not be the page.
      if (slot.leaving) throw new DomainError('invalid_document', 'The page tries to navigate to another address; it cannot be rendered.');
      return rendered;
    } catch (error) {
      if (error instanceof DomainError) throw error;
      // A browser still running refused this page (Chromium cannot print it); a browser gone
      // crashed, and the next render starts another.
      if ((await this.browser?.catch(() => null))?.connected) {
        throw new DomainError('invalid_document', `The page cannot be printed: ${(error as Error).message.slice(0, 200)}`);
      }
      throw new BrowserGone();
    } finally {
      slot.html = '';
      this.releaseSlot(slot, healthy);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.turns.close(unavailable('The renderer is shutting down.'));
    const browser = this.browser;
    this.browser = null;
    if (browser) await (await browser.catch(() => null))?.close();
  }

  private async withinBudget<T>(work: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new DomainError('invalid_document', `The page could not be rendered within ${this.options.budgetMs / 1000} seconds.`)),
        this.options.budgetMs,
      );
    });
    try {
      return await Promise.race([work(), expired]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The running browser; one that has died (even before its `disconnected` event arrives) is replaced. */
  private async browserOf(): Promise<Browser> {
    const current = await this.browser?.catch(() => null);
    if (current && !current.connected) {
      this.idle.length = 0;
      this.browser = null;
    }
    return this.launched();
  }

  private launched(): Promise<Browser> {
    if (this.closed) return Promise.reject(unavailable('The renderer is shutting down.'));
    if (!this.browser) {
      if (!existsSync(this.options.executablePath)) {
        return Promise.reject(unavailable(`PDF rendering is unavailable: no Chromium at ${this.options.executablePath} (set PUPPETEER_EXECUTABLE_PATH).`));
      }
      const launching = launchChromium(this.options.executablePath, this.options.noSandbox ?? false);
      this.browser = launching;
      launching.then(
        (browser) =>
          browser.once('disconnected', () => {
            // A crashed browser takes its pages with it; the next render starts a new one. Idle
            // pages die with it; pages in use fail their render and are let go as they return.
            // (A render may have noticed the death first and replaced the browser already.)
            endProcessGroup(browser);
            if (this.browser !== launching) return;
            this.browser = null;
            this.idle.length = 0;
          }),
        () => {
          if (this.browser === launching) this.browser = null;
        },
      );
    }
    return this.browser;
  }

  private async newSlot(): Promise<Slot> {
    const browser = await this.browserOf().catch((error: unknown) => {
      throw error instanceof DomainError ? error : unavailable(`PDF rendering is unavailable: Chromium did not start (${(error as Error).message}).`);
    });
    const page = await browser.newPage();
    const slot: Slot = { page, html: '', leaving: false };
    await page.setJavaScriptEnabled(false);
    await page.setRequestInterception(true);
    page.on('request', (request: HTTPRequest) => {
      if (request.url() === PAGE_URL && request.isNavigationRequest()) {
        void request.respond({
          status: 200,
          contentType: 'text/html; charset=utf-8',
          headers: { 'Content-Security-Policy': CONTENT_SECURITY_POLICY },
          body: slot.html,
        });
      } else {
        if (request.isNavigationRequest() && request.frame() === page.mainFrame()) slot.leaving = true;
        void request.abort('blockedbyclient');
      }
    });
    return slot;
  }

  /** A page for a render that holds its turn: an idle one, or a new one (turns never outnumber the pages). */
  private async takeSlot(): Promise<Slot> {
    // A page whose browser died is no use: it is let go and a fresh one opened instead.
    for (let ready = this.idle.pop(); ready; ready = this.idle.pop()) {
      if (!ready.page.isClosed() && ready.page.browser().connected) return ready;
    }
    return this.newSlot();
  }

  /** A page that failed or ran out of time is closed; the next render opens a fresh one. */
  private releaseSlot(slot: Slot, healthy: boolean): void {
    if (healthy) {
      this.idle.push(slot);
      return;
    }
    void slot.page.close().catch(() => undefined);
  }
}
