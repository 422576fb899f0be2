/**
 * Fields read from a classified document's text: loss runs' totals and certificates' policy
 * number and dates (ACORD 125 applications are read from their form, in
 * `adapters/documents/extracted-fields.ts`). Money in dollars (this is what the API returns as
 * `extracted`). Runs in worker threads over bounded text.
 */

export type ExtractedFields = Readonly<Record<string, string | number>>;

/** `$1,234.50` or `1234.5` as dollars; anything else is not an amount. */
const dollars = (raw: string): number | undefined => {
  const cleaned = raw.replace(/[$,\s]/g, '');
  return /^-?\d+(\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : undefined;
};

/** `MM/DD/YYYY` as an ISO date. */
const isoDate = (raw: string): string => `${raw.slice(6, 10)}-${raw.slice(0, 2)}-${raw.slice(3, 5)}`;

const LOSS_RUN_TOTALS: readonly (readonly [string, RegExp])[] = [
  ['totalPaid', /total paid[:\s]+(-?\$?[\d,]+(?:\.\d{1,2})?)/i],
  ['totalReserves', /total (?:reserves?|outstanding)[:\s]+(-?\$?[\d,]+(?:\.\d{1,2})?)/i],
  ['totalIncurred', /total incurred[:\s]+(-?\$?[\d,]+(?:\.\d{1,2})?)/i],
];

export const lossRunTotals = (text: string): ExtractedFields => {
  const fields: Record<string, number> = {};
  const count = /(?:number of claims|claim count)[:\s]+(\d{1,6})/i.exec(text);
  if (count) fields.claimCount = Number(count[1]);
  for (const [field, pattern] of LOSS_RUN_TOTALS) {
    const found = pattern.exec(text);
    const amount = found ? dollars(found[1] as string) : undefined;
    if (amount !== undefined) fields[field] = amount;
  }
  return fields;
};

/** The first policy on a certificate: its number, then its effective and expiration dates. */
export const certificateFields = (text: string): ExtractedFields => {
  const header = text.search(/policy exp/i);
  const after = header === -1 ? text : text.slice(header);
  const found = /([A-Z][A-Z0-9]{0,9}-[A-Z0-9-]{2,30}[0-9])\s+(\d{2}\/\d{2}\/\d{4})\s+(\d{2}\/\d{2}\/\d{4})/.exec(after);
  if (!found) return {};
  return { policyNumber: found[1] as string, effectiveDate: isoDate(found[2] as string), expirationDate: isoDate(found[3] as string) };
};
