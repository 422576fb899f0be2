import type { ChangeContent, DeclarationsContent, DrawnContent, ListedForm, NoticeContent } from '../../../core/documents/policy-document-content.ts';
import { centsToDollars, type Cents } from '../../../core/shared/money.ts';
import { usDate } from './acord25.ts';
import { FormPage, PAGE } from './form-page.ts';

const printed = (amount: Cents): string =>
  `${amount < 0 ? '-' : ''}$${Math.abs(centsToDollars(amount)).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Lines a list prints before it says how many more there are (one page a document). */
const LISTED = 14;

const TITLES: Record<DrawnContent['kind'], string> = {
  cancellation_notice: 'NOTICE OF CANCELLATION',
  declarations: 'DECLARATIONS',
  endorsement: 'POLICY CHANGE ENDORSEMENT',
  cancellation: 'CANCELLATION ENDORSEMENT',
  reinstatement: 'REINSTATEMENT ENDORSEMENT',
};

/** Draws onto one page from the top down. */
class Column {
  top = PAGE.height - PAGE.margin;
  readonly left = PAGE.margin;
  readonly width = PAGE.width - 2 * PAGE.margin;
  private readonly form: FormPage;

  constructor(form: FormPage) {
    this.form = form;
  }

  heading(text: string): void {
    this.top -= 8;
    this.form.text(text, this.left, this.top, { size: 9, bold: true });
    this.top -= 13;
  }

  row(label: string, value: string, indent = 0): void {
    this.form.text(label, this.left + indent, this.top, { size: 8 });
    this.form.text(value, this.left + 330, this.top, { size: 8 });
    this.top -= 11;
  }

  list<T>(items: readonly T[], line: (item: T) => [string, string]): void {
    for (const item of items.slice(0, LISTED)) this.row(...line(item));
    if (items.length > LISTED) this.row(`… and ${items.length - LISTED} more`, '');
  }

  paragraph(text: string): void {
    this.top = this.form.paragraph(text, this.left, this.top, this.width, { size: 8 }) - 4;
  }
}

const formLine = (form: ListedForm): [string, string] => [`${form.formNumber} ${form.edition.slice(5, 7)} ${form.edition.slice(2, 4)}`, form.title];

const drawDeclarations = (column: Column, content: DeclarationsContent): void => {
  if (content.insuredAddress.length > 0) column.row('Mailing address', content.insuredAddress.join(', '));
  column.heading('Policy');
  column.row('Policy period', `${usDate(content.period.from)} to ${usDate(content.period.to)} (12:01 a.m. standard time)`);
  if (content.renewalOf) column.row('Renewal of', content.renewalOf);
  column.row('State of the risk', content.state);
  column.row(
    'Coverage trigger',
    content.trigger === 'claims_made' ? `Claims-made, retroactive date ${content.retroactiveDate ? usDate(content.retroactiveDate) : 'none'}` : 'Occurrence',
  );
  column.heading('Limits of insurance');
  column.list(content.limits, (limit) => [limit.label, printed(limit.amount)]);
  if (content.deductible !== null) column.row('Deductible (each occurrence)', printed(content.deductible));
  column.heading('Premium, fees and taxes');
  column.list(content.premium, (line) => [line.label, printed(line.amount)]);
  column.list(content.charges, (line) => [`${line.label} (${line.payee})`, printed(line.amount)]);
  column.row('Total', printed(content.total));
  if (content.additionalInsureds.length > 0 || content.waiverOfSubrogation || content.primaryNonContributory) {
    column.heading('Additional insureds and conditions');
    column.list(content.additionalInsureds, (name) => [name, '']);
    if (content.waiverOfSubrogation) column.row('Waiver of subrogation', content.waiverOfSubrogation);
    if (content.primaryNonContributory) column.row('Primary and non-contributory', 'Where required by written contract');
  }
  column.heading('Schedule of forms and endorsements');
  column.list(content.forms, formLine);
};

const drawChange = (column: Column, content: ChangeContent): void => {
  column.heading('Change');
  column.row('Effective', `12:01 a.m. on ${usDate(content.effectiveDate)}`);
  column.list(content.changes, (change) => [change.label, `${change.from} -> ${change.to}`]);
  column.heading('Premium');
  column.row(content.premiumChange < 0 ? 'Return premium' : 'Additional premium', printed(content.premiumChange));
  column.list(content.charges, (line) => [`${line.label} (${line.payee})`, printed(line.amount)]);
  if (content.formsAdded.length > 0 || content.formsRemoved.length > 0) {
    column.heading('Forms');
    column.list(content.formsAdded, (form) => [`Added: ${formLine(form)[0]}`, form.title]);
    column.list(content.formsRemoved, (form) => [`Removed: ${formLine(form)[0]}`, form.title]);
  }
  column.paragraph('All other terms and conditions of the policy remain unchanged.');
};

const drawNotice = (column: Column, content: NoticeContent): void => {
  column.heading('Notice');
  column.row('Date of notice', usDate(content.noticeOn));
  column.row('Cancellation effective', `12:01 a.m. on ${usDate(content.effectiveDate)}`);
  column.row('Reason', content.reason);
  column.row('Amount due', printed(content.amountDue));
  column.paragraph(`Given ${content.noticeDays} days before the cancellation (${content.source}).`);
};

/**
 * A policy document on one page: the heading every document shares (policy, insured, carrier,
 * producer), then the declarations or the change. Dated `at`, so the same content always gives
 * the same bytes.
 */
export const drawPolicyDocument = async (content: DrawnContent, at: Date): Promise<Uint8Array> => {
  const title = TITLES[content.kind];
  const { document, form } = await FormPage.create(`${title.toLowerCase()} ${content.policyNumber}`, `${title} of policy ${content.policyNumber}`);
  document.setCreationDate(at);
  document.setModificationDate(at);
  const column = new Column(form);
  form.text(title, column.left, column.top - 12, { size: 13, bold: true });
  column.top -= 30;
  column.row('Policy number', content.policyNumber);
  column.row('Named insured', content.insuredName);
  column.row('Insurer', `${content.carrier.name} (NAIC ${content.carrier.naic})`);
  column.row('Producer', content.producer);
  if (content.kind === 'declarations') drawDeclarations(column, content);
  else if (content.kind === 'cancellation_notice') drawNotice(column, content);
  else drawChange(column, content);
  return document.save();
};
