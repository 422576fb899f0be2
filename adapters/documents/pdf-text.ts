import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The most pages whose text is read; classification and checks need the first pages only. */
const MAX_TEXT_PAGES = 10;

/**
 * The text of a PDF as pdf.js reads it, page by page (lines joined by spaces, pages by a blank
 * line). pdf.js parses synchronously in the calling thread: only worker threads call this.
 */
export const pdfText = async (bytes: Uint8Array, maxPages = MAX_TEXT_PAGES): Promise<string> => {
  // pdf.js takes ownership of the buffer it is given; a copy leaves the caller's bytes intact.
  const task = getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  const document = await task.promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= Math.min(document.numPages, maxPages); number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .filter((text) => text !== '')
          .join(' '),
      );
    }
    return pages.join('\n\n');
  } finally {
    await task.destroy();
  }
};
