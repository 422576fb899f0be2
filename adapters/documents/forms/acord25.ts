import type { CertificateOfInsurance } from '../../../core/documents/certificate.ts';
import { FormPage, PAGE } from './form-page.ts';

const DISCLAIMER =
  'THIS CERTIFICATE IS ISSUED AS A MATTER OF INFORMATION ONLY AND CONFERS NO RIGHTS UPON THE CERTIFICATE HOLDER. THIS CERTIFICATE DOES NOT ' +
  'AFFIRMATIVELY OR NEGATIVELY AMEND, EXTEND OR ALTER THE COVERAGE AFFORDED BY THE POLICIES BELOW. THIS CERTIFICATE OF INSURANCE DOES NOT ' +
  'CONSTITUTE A CONTRACT BETWEEN THE ISSUING INSURER(S), AUTHORIZED REPRESENTATIVE OR PRODUCER, AND THE CERTIFICATE HOLDER.';

const ADDITIONAL_INSURED_NOTE =
  'IMPORTANT: If the certificate holder is an ADDITIONAL INSURED, the policy(ies) must have ADDITIONAL INSURED provisions or be endorsed.';

const CANCELLATION =
  'SHOULD ANY OF THE ABOVE DESCRIBED POLICIES BE CANCELLED BEFORE THE EXPIRATION DATE THEREOF, NOTICE WILL BE DELIVERED IN ACCORDANCE WITH ' +
  'THE POLICY PROVISIONS.';

/** A certificate of liability insurance laid out as ACORD 25 is: parties on top, coverages, then holder and cancellation. */
export const drawAcord25 = async (certificate: CertificateOfInsurance): Promise<Uint8Array> => {
  const { document, form } = await FormPage.create(`Certificate of insurance ${certificate.certificateNumber}`, 'ACORD 25 certificate of liability insurance');
  const left = PAGE.margin;
  const width = PAGE.width - 2 * PAGE.margin;
  const half = width / 2;
  let top = PAGE.height - PAGE.margin;

  form.text('CERTIFICATE OF LIABILITY INSURANCE', left, top - 14, { size: 14, bold: true });
  form.text('DATE (MM/DD/YYYY)', left + width - 110, top - 6, { size: 6.5, bold: true });
  form.text(usDate(certificate.dateIssued), left + width - 110, top - 17, { size: 9 });
  top = form.paragraph(DISCLAIMER, left, top - 30, width, { size: 6.5 }) - 2;
  top = form.paragraph(ADDITIONAL_INSURED_NOTE, left, top, width, { size: 6.5 }) - 6;

  const partiesHeight = 78;
  form.box('PRODUCER', left, top - partiesHeight, half, partiesHeight);
  form.text(certificate.producer.agency, left + 6, top - 22, { size: 9 });
  if (certificate.producer.contact) form.text(`Contact: ${certificate.producer.contact}`, left + 6, top - 34);
  form.box('INSURER(S) AFFORDING COVERAGE', left + half, top - partiesHeight, half, partiesHeight);
  form.text('NAIC #', left + width - 50, top - 9, { size: 6.5, bold: true });
  form.text(`INSURER A: ${certificate.insurer.name}`, left + half + 6, top - 22, { size: 8 });
  form.text(certificate.insurer.naic, left + width - 50, top - 22, { size: 8 });
  top -= partiesHeight;

  const insuredHeight = 48;
  form.box('INSURED', left, top - insuredHeight, width, insuredHeight);
  form.text(certificate.insured.name, left + 6, top - 22, { size: 10, bold: true });
  form.text(certificate.insured.address.length > 0 ? certificate.insured.address.join(', ') : `State: ${certificate.insured.state}`, left + 6, top - 36);
  top -= insuredHeight + 8;

  form.text('COVERAGES', left, top, { size: 9, bold: true });
  form.text(`CERTIFICATE NUMBER: ${certificate.certificateNumber}`, left + half, top, { size: 8, bold: true });
  top -= 6;
  const columns = [
    { caption: 'INSR LTR', x: 0, width: 32 },
    { caption: 'TYPE OF INSURANCE', x: 32, width: 130 },
    { caption: 'ADDL INSD', x: 162, width: 30 },
    { caption: 'SUBR WVD', x: 192, width: 30 },
    { caption: 'POLICY NUMBER', x: 222, width: 86 },
    { caption: 'POLICY EFF', x: 308, width: 50 },
    { caption: 'POLICY EXP', x: 358, width: 50 },
    { caption: 'LIMITS', x: 408, width: width - 408 },
  ];
  const rowHeight = 18 + 12 * certificate.coverage.limits.length;
  for (const column of columns) form.box(column.caption, left + column.x, top - rowHeight - 12, column.width, rowHeight + 12);
  const row = top - 24;
  form.text('A', left + 12, row);
  const below = form.paragraph(certificate.coverage.line, left + 35, row, 124);
  form.text(certificate.coverage.claimsMade ? '[X] CLAIMS-MADE  [ ] OCCUR' : '[ ] CLAIMS-MADE  [X] OCCUR', left + 35, below - 4, { size: 6.5 });
  form.text(certificate.coverage.additionalInsured ? 'Y' : 'N', left + 174, row);
  form.text(certificate.coverage.subrogationWaived ? 'Y' : 'N', left + 204, row);
  form.text(certificate.coverage.policyNumber, left + 225, row, { size: 7 });
  form.text(usDate(certificate.coverage.effectiveDate), left + 310, row, { size: 7 });
  form.text(usDate(certificate.coverage.expirationDate), left + 360, row, { size: 7 });
  for (const [index, limit] of certificate.coverage.limits.entries()) {
    form.text(limit.label, left + 411, row - index * 12, { size: 7 });
    form.text(limit.amount, left + width - 70, row - index * 12, { size: 8 });
  }
  top -= rowHeight + 12 + 8;

  const descriptionHeight = 150;
  form.box('DESCRIPTION OF OPERATIONS / LOCATIONS / VEHICLES', left, top - descriptionHeight, width, descriptionHeight);
  let line = top - 22;
  if (certificate.additionalInsured) {
    line = form.paragraph(`ADDITIONAL INSURED: ${certificate.additionalInsured}`, left + 6, line, width - 12, { maxLines: 2 }) - 4;
  }
  if (certificate.description) form.paragraph(certificate.description, left + 6, line, width - 12, { maxLines: 12 });
  top -= descriptionHeight + 8;

  const holderHeight = 90;
  form.box('CERTIFICATE HOLDER', left, top - holderHeight, half, holderHeight);
  form.text(certificate.holder.name, left + 6, top - 22, { size: 9, bold: true });
  certificate.holder.address.slice(0, 5).forEach((addressLine, index) => form.text(addressLine, left + 6, top - 34 - index * 10));
  form.box('CANCELLATION', left + half, top - holderHeight, half, holderHeight);
  form.paragraph(CANCELLATION, left + half + 6, top - 22, half - 12, { size: 6.5 });
  form.text('AUTHORIZED REPRESENTATIVE', left + half + 6, top - holderHeight + 8, { size: 6.5, bold: true });
  form.text(certificate.producer.agency, left + half + 110, top - holderHeight + 8, { size: 7 });

  return document.save();
};

/** ACORD forms print dates as MM/DD/YYYY. */
export const usDate = (date: string): string => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
