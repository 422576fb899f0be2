import type { Page, PageRequest } from '../persistence/page.ts';

/** Every record a paged list holds, page after page. */
export const everyPage = async <T>(read: (page: PageRequest) => Promise<Page<T>>, each: (record: T) => Promise<void>): Promise<void> => {
  let cursor: string | null = null;
  do {
    const page: Page<T> = await read({ limit: 200, ...(cursor ? { cursor } : {}) });
    for (const record of page.data) await each(record);
    cursor = page.nextCursor;
  } while (cursor);
};

/** What a watch sent in one run: its summary line. */
export class NoticeCount {
  sent = 0;
  already = 0;

  add(sent: boolean): void {
    if (sent) this.sent += 1;
    else this.already += 1;
  }

  summary(what: string, organizations: number): string {
    return `${this.sent} ${what} sent, ${this.already} already sent today, over ${organizations} organizations`;
  }
}
