/** The vocabulary every context shares: lines of business, US states and territories, NAICS sectors. */
export const LINES_OF_BUSINESS = ['GL', 'PROPERTY', 'AUTO', 'CYBER', 'PL'] as const;
export type LineOfBusiness = (typeof LINES_OF_BUSINESS)[number];

export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;

/** Territories an insured may call home (surplus lines home state); risks are rated in the states only. */
export const US_TERRITORIES = ['PR', 'GU', 'VI'] as const;

/** Every jurisdiction with a surplus lines schedule: the states, DC and the territories. */
export const HOME_STATES = [...US_STATES, ...US_TERRITORIES] as const;

/** NAICS sectors; manufacturing, retail and transportation span several two-digit codes. */
const SECTOR_OF: Record<string, string> = {
  '11': '11',
  '21': '21',
  '22': '22',
  '23': '23',
  '31': '31-33',
  '32': '31-33',
  '33': '31-33',
  '42': '42',
  '44': '44-45',
  '45': '44-45',
  '48': '48-49',
  '49': '48-49',
  '51': '51',
  '52': '52',
  '53': '53',
  '54': '54',
  '55': '55',
  '56': '56',
  '61': '61',
  '62': '62',
  '71': '71',
  '72': '72',
  '81': '81',
  '92': '92',
};

export const NAICS_SECTORS = [...new Set(Object.values(SECTOR_OF))];

/** The sector of a 2-6 digit NAICS code, or null when the code belongs to no sector. */
export const naicsSector = (code: string): string | null => (/^\d{2,6}$/.test(code) ? (SECTOR_OF[code.slice(0, 2)] ?? null) : null);
