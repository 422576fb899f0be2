import type { Mcs90Endorsement } from '../../../core/documents/certificate.ts';
import { usDate } from './acord25.ts';
import { FormPage, PAGE } from './form-page.ts';

/** The endorsement's operative terms (49 CFR 387.15, Form MCS-90), in the order the form gives them. */
const TERMS = [
  'The policy to which this endorsement is attached provides automobile liability insurance and is amended to assure compliance by the insured, ' +
    'within the limits stated herein, as a motor carrier of property, with Sections 29 and 30 of the Motor Carrier Act of 1980 and the rules and ' +
    'regulations of the Federal Motor Carrier Safety Administration (FMCSA).',
  'In consideration of the premium stated in the policy to which this endorsement is attached, the insurer (the company) agrees to pay, within the ' +
    'limits of liability described herein, any final judgment recovered against the insured for public liability resulting from negligence in the ' +
    'operation, maintenance or use of motor vehicles subject to the financial responsibility requirements of Sections 29 and 30 of the Motor Carrier ' +
    'Act of 1980 regardless of whether or not each motor vehicle is specifically described in the policy and whether or not such negligence occurs ' +
    'on any route or in any territory authorized to be served by the insured or elsewhere.',
  'It is understood and agreed that no condition, provision, stipulation, or limitation contained in the policy, this endorsement, or any other ' +
    'endorsement thereon, or violation thereof, shall relieve the company from liability or from the payment of any final judgment, within the ' +
    'limits of liability herein described, irrespective of the financial condition, insolvency or bankruptcy of the insured.',
  'The insured agrees to reimburse the company for any payment made by the company on account of any accident, claim, or suit involving a breach ' +
    'of the terms of the policy, and for any payment that the company would not have been obligated to make under the provisions of the policy ' +
    'except for the agreement contained in this endorsement.',
  'This endorsement may not be canceled without cancellation of the policy to which it is attached. Such cancellation may be effected by the ' +
    'company or the insured giving (1) thirty-five (35) days notice in writing to the other party (said 35 days notice to commence from the date the ' +
    'notice is mailed, proof of mailing shall be sufficient proof of notice), or (2) if the insured is subject to the FMCSA registration ' +
    'requirements, by providing thirty (30) days notice to the FMCSA.',
];

/** Form MCS-90: the endorsement for motor carrier policies of insurance for public liability. */
export const drawMcs90 = async (endorsement: Mcs90Endorsement): Promise<Uint8Array> => {
  const { document, form } = await FormPage.create(`MCS-90 endorsement, policy ${endorsement.policyNumber}`, 'Form MCS-90');
  const left = PAGE.margin;
  const width = PAGE.width - 2 * PAGE.margin;
  let top = PAGE.height - PAGE.margin;

  form.text('Form MCS-90', left, top - 10, { size: 9, bold: true });
  form.text(`Issued ${usDate(endorsement.dateIssued)}`, left + width - 90, top - 10, { size: 8 });
  top = form.paragraph(
    'ENDORSEMENT FOR MOTOR CARRIER POLICIES OF INSURANCE FOR PUBLIC LIABILITY UNDER SECTIONS 29 AND 30 OF THE MOTOR CARRIER ACT OF 1980',
    left,
    top - 30,
    width,
    { size: 11 },
  );
  top -= 10;
  const facts: [string, string][] = [
    ['Policy No.', endorsement.policyNumber],
    ['Effective date of this endorsement', usDate(endorsement.effectiveDate)],
    ['Issued to (motor carrier)', endorsement.insured.name],
    ['Of (state)', endorsement.insured.state],
    ['Insurance company', `${endorsement.insurer.name} (NAIC ${endorsement.insurer.naic})`],
    ['Limit of liability for each accident', endorsement.limit],
  ];
  for (const [label, value] of facts) {
    form.text(`${label}:`, left, top, { bold: true });
    form.text(value, left + 180, top);
    top -= 14;
  }
  top -= 8;
  for (const term of TERMS) top = form.paragraph(term, left, top, width, { size: 8 }) - 8;
  form.paragraph(
    `Whereas no coverage is provided by the policy to which this endorsement is attached, the company agrees to pay the public up to ${endorsement.limit} ` +
      'for each accident for bodily injury, property damage and environmental restoration, as the rules of the FMCSA require of this carrier.',
    left,
    top,
    width,
    { size: 8 },
  );
  form.text(`Countersigned by an authorized company representative of ${endorsement.insurer.name}`, left, PAGE.margin + 10, { size: 7 });
  return document.save();
};
