import type { CancellationNotice } from '../../../core/documents/cancellation-notice.ts';
import { usDate } from './acord25.ts';
import { FormPage, PAGE } from './form-page.ts';

/** The notice of cancellation for non-payment of premium: one page, mailed to the insured and the producer. */
export const drawCancellationNotice = async (notice: CancellationNotice): Promise<Uint8Array> => {
  const { document, form } = await FormPage.create(
    `Notice of cancellation, policy ${notice.policyNumber}`,
    'Notice of cancellation for non-payment of premium',
  );
  const left = PAGE.margin;
  const width = PAGE.width - 2 * PAGE.margin;
  let top = PAGE.height - PAGE.margin;

  form.text('NOTICE OF CANCELLATION FOR NON-PAYMENT OF PREMIUM', left, top - 12, { size: 13, bold: true });
  form.text(`Date of notice: ${usDate(notice.noticeOn)}`, left, top - 32, { size: 9 });
  top -= 56;
  const facts: [string, string][] = [
    ['Named insured', notice.insuredName],
    ['Policy number', notice.policyNumber],
    ['Insurer', `${notice.insurer.name} (NAIC ${notice.insurer.naic})`],
    ['Agency', notice.agency],
    ['Amount past due', `$${notice.pastDue}`],
    ['Cancellation effective', `12:01 a.m. on ${usDate(notice.cancelsOn)}`],
  ];
  for (const [label, value] of facts) {
    form.text(`${label}:`, left, top, { bold: true });
    form.text(value, left + 150, top);
    top -= 15;
  }
  top -= 10;
  top = form.paragraph(
    `The premium shown below was not paid when due. Your policy will be cancelled for non-payment of premium effective 12:01 a.m. on ` +
      `${usDate(notice.cancelsOn)} unless the amount past due, $${notice.pastDue}, is received before that date. If it is received in time, ` +
      'this notice is withdrawn and your policy continues without interruption. Premium for the time the policy was in force remains owed; ' +
      'any unearned premium will be returned pro rata.',
    left,
    top,
    width,
    { size: 9 },
  );
  top -= 16;
  form.text('Invoice', left, top, { bold: true, size: 9 });
  form.text('Due', left + 200, top, { bold: true, size: 9 });
  form.text('Unpaid', left + 300, top, { bold: true, size: 9 });
  top -= 13;
  for (const line of notice.lines.slice(0, 24)) {
    form.text(line.invoiceNumber, left, top, { size: 9 });
    form.text(usDate(line.dueDate), left + 200, top, { size: 9 });
    form.text(`$${line.unpaid}`, left + 300, top, { size: 9 });
    top -= 12;
  }
  top -= 12;
  form.paragraph(
    `This notice is given ${notice.noticeDays} days before the cancellation, as required in ${notice.homeState} (${notice.noticeSource}).`,
    left,
    top,
    width,
    { size: 7 },
  );
  return document.save();
};
