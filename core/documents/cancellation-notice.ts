import type { CalendarDate } from '../shared/calendar-date.ts';
import { escapeHtml } from '../shared/html.ts';
import { centsToDollars, type Cents } from '../shared/money.ts';

/** One unpaid charge a notice of cancellation lists. */
export interface NoticeLine {
  readonly invoiceNumber: string;
  readonly dueDate: CalendarDate;
  /** Dollars still unpaid, as printed ("1,234.56"). */
  readonly unpaid: string;
}

/**
 * A notice of cancellation for non-payment of premium, as mailed to the insured and the producer
 * of record: what is past due, by when it must be paid, and the law that sets the notice period.
 */
export interface CancellationNotice {
  readonly noticeOn: CalendarDate;
  readonly cancelsOn: CalendarDate;
  readonly policyNumber: string;
  readonly insuredName: string;
  readonly agency: string;
  readonly insurer: { readonly name: string; readonly naic: string };
  readonly homeState: string;
  readonly noticeDays: number;
  /** Where the notice period comes from (a statute, or the policy's condition). */
  readonly noticeSource: string;
  /** Dollars past due in all, as printed. */
  readonly pastDue: string;
  readonly lines: readonly NoticeLine[];
}

/** Dollars as printed on a form: thousands separated, two decimals. */
export const printedDollars = (amount: Cents): string => centsToDollars(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The e-mail that carries a notice of cancellation to the insured and the producer of record. */
export const cancellationNoticeMail = (notice: CancellationNotice): { subject: string; text: string; html: string } => {
  const lines = [
    `Policy ${notice.policyNumber} (${notice.insuredName}) will be cancelled for non-payment of premium effective 12:01 a.m. on ${notice.cancelsOn}`,
    `unless the amount past due, $${notice.pastDue}, is received before that date. If it is received in time, this notice is withdrawn.`,
  ];
  return {
    subject: `Notice of cancellation for non-payment: policy ${notice.policyNumber}`,
    text: `${lines.join(' ')}\n\nInsurer: ${notice.insurer.name}. Agency: ${notice.agency}. The notice is kept with the policy's documents.`,
    html: `<p>${escapeHtml(lines.join(' '))}</p><p>Insurer: ${escapeHtml(notice.insurer.name)}. Agency: ${escapeHtml(notice.agency)}. The notice is kept with the policy's documents.</p>`,
  };
};
