/**
 * A filled PDF as agency systems send it: often several ACORD forms in one file (the 125 with its
 * 126, a 130 or 140 after them). Each page is told apart by the field names on it, so a value is
 * read from the form it belongs to, and pages of forms this intake does not read are set aside.
 */

import type { FormField, FormFields } from '../documents/form-fields.ts';

/** The forms this intake recognizes. */
export type AcordForm = 'ACORD 125' | 'ACORD 126' | 'ACORD 25';

/** A form found in the file and its pages; `other` gathers the pages of forms not read. */
export interface FoundForm {
  readonly form: AcordForm | 'other';
  readonly pages: readonly number[];
}

/** `F[0].P1[0].NamedInsured_FullName_A[0]` and `NamedInsured_FullName_A` name the same field. */
export const leafName = (qualified: string): string => {
  const leaf = qualified.slice(qualified.lastIndexOf('.') + 1);
  const bracket = leaf.lastIndexOf('[');
  return bracket > 0 && leaf.endsWith(']') && /^\d{1,6}$/.test(leaf.slice(bracket + 1, -1)) ? leaf.slice(0, bracket) : leaf;
};

/**
 * Leaf-name stems only one form carries. The certificate comes first: it also carries general
 * liability limits, as the 126 does. The 125's own premium column (`GeneralLiabilityLineOfBusiness_…`)
 * is not the 126's `GeneralLiability_…`.
 */
const SIGNATURES: readonly (readonly [AcordForm, readonly string[]])[] = [
  ['ACORD 25', ['CertificateOfInsurance_', 'CertificateOfLiabilityInsurance_', 'CertificateHolder_']],
  ['ACORD 125', ['Policy_LineOfBusiness_', 'CommercialStructure_', 'BusinessInformation_', 'NamedInsured_LegalEntity_', 'CommercialPolicy_']],
  ['ACORD 126', ['GeneralLiability_']],
];

/** The XFA page of a qualified name (`F[0].P2[0].…` → root `F[0]`, page 2), or null for a bare name. */
const xfaPageOf = (name: string): { readonly root: string; readonly index: number } | null => {
  const segments = name.split('.');
  for (let at = 0; at < segments.length - 1; at += 1) {
    const found = /^P(\d{1,4})\[\d{1,4}\]$/.exec(segments[at] as string);
    if (found) return { root: segments.slice(0, at).join('.'), index: Number(found[1]) };
  }
  return null;
};

const formsOn = (leaves: readonly string[]): AcordForm[] => {
  const matching = SIGNATURES.filter(([, stems]) => leaves.some((leaf) => stems.some((stem) => leaf.startsWith(stem)))).map(([form]) => form);
  return matching.includes('ACORD 25') ? ['ACORD 25'] : matching;
};

interface FormPacket {
  readonly forms: readonly FoundForm[];
  /** The fields on the pages of `form`, by leaf name; the first page's field where a name repeats. */
  fieldsOf(form: AcordForm): ReadonlyMap<string, FormField>;
}

/**
 * The forms of a file, page by page. A page with none of the stems above continues the form of
 * the page before it when it is that form's next XFA page (a 125's loss-history and signature
 * pages); otherwise it belongs to a form this intake does not read.
 */
export const readPacket = (fields: FormFields): FormPacket => {
  const byPage = new Map<number | null, FormField[]>();
  for (const field of fields) {
    const onPage = byPage.get(field.page);
    if (onPage) onPage.push(field);
    else byPage.set(field.page, [field]);
  }
  const pages = [...byPage.keys()].sort((a, b) => (a ?? 0) - (b ?? 0));
  const formsOfPage = new Map<number | null, readonly AcordForm[]>();
  let previous: { forms: readonly AcordForm[]; xfa: ReturnType<typeof xfaPageOf> } | null = null;
  for (const page of pages) {
    const onPage = byPage.get(page) ?? [];
    const xfa = onPage.map((field) => xfaPageOf(field.name)).find((found) => found !== null) ?? null;
    let forms: readonly AcordForm[] = formsOn(onPage.map((field) => leafName(field.name)));
    const continues = previous !== null && (previous.xfa === null || (xfa !== null && xfa.root === previous.xfa.root && xfa.index === previous.xfa.index + 1));
    if (forms.length === 0 && previous && continues) forms = previous.forms;
    formsOfPage.set(page, forms);
    previous = { forms, xfa };
  }
  const found = new Map<AcordForm | 'other', number[]>();
  for (const page of pages) {
    const forms = formsOfPage.get(page) ?? [];
    for (const form of forms.length > 0 ? forms : (['other'] as const)) {
      const listed = found.get(form) ?? [];
      if (page !== null) listed.push(page);
      found.set(form, listed);
    }
  }
  return {
    forms: [...found].map(([form, formPages]) => ({ form, pages: formPages })),
    fieldsOf: (form) => {
      const byLeaf = new Map<string, FormField>();
      for (const page of pages) {
        if (!formsOfPage.get(page)?.includes(form)) continue;
        for (const field of byPage.get(page) ?? []) if (!byLeaf.has(leafName(field.name))) byLeaf.set(leafName(field.name), field);
      }
      return byLeaf;
    },
  };
};

/** A checkbox as real files store it: a checked box (any export value: `1`, `Yes`, `On`), or a text box holding a mark. */
export const isChecked = (value: string | boolean | undefined): boolean =>
  value === true || (typeof value === 'string' && ['x', 'y', 'yes', '1', 'on', 'true'].includes(value.trim().toLowerCase()));
