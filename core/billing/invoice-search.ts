import { queryWords, wordsOf } from '../shared/search-words.ts';

/**
 * What `q` finds invoices by: the beginning of the invoice number, which begins with its policy's
 * number (`GL-2027-000123-01`), so a policy number finds that policy's invoices. The words of `q`
 * are the number's parts in order, whatever separates them, case ignored: `gl 2027 000123` and
 * `GL-2027-000123` ask the same. Words are checked as every `q` is (queryWords).
 */
export const invoiceNumberPrefix = (q: string): string => {
  queryWords(q);
  return wordsOf(q).join('-').toUpperCase();
};
