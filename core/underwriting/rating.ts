import { validationFailed } from '../shared/domain-error.ts';
import { cents, type Cents, centsToDollars, roundToCents } from '../shared/money.ts';
import { naicsSector, type LineOfBusiness } from '../shared/reference-data.ts';
import type { CompleteRisk } from './submission.ts';

/** One line of business's manual: how exposure is measured and the factors applied to it. */
export interface RateTable {
  readonly lineOfBusiness: LineOfBusiness;
  /** The rate manual version the table is read from (rate-manual.ts). */
  readonly version: string;
  /** `revenue`: per unit of annual revenue; `limit`: per unit of the insured value (the requested limit). */
  readonly exposureBase: 'revenue' | 'limit';
  /** Dollars per exposure unit, e.g. 1000 for "per $1,000 of revenue". */
  readonly exposureUnit: number;
  /** Rate per exposure unit by NAICS sector (every sector has one). */
  readonly sectorRates: Readonly<Record<string, number>>;
  /** Finer rates by NAICS code prefix; the longest matching prefix wins. */
  readonly classRates: Readonly<Record<string, number>>;
  /** Increased-limit factors by limit in dollars; the smallest tier at or above the request applies. */
  readonly increasedLimitFactors: ReadonlyArray<{ readonly limit: number; readonly factor: number }>;
  readonly stateFactors: Readonly<Record<string, number>>;
  readonly minimumPremium: number;
  /** Flat charges (dollars) for the coverage options whose endorsements the manual refers to the company to rate, each with its source. */
  readonly endorsementCharges?: EndorsementCharges;
}

export interface EndorsementCharges {
  readonly additionalInsured?: { readonly perInsured: number; readonly source: string };
  readonly waiverOfSubrogation?: { readonly perParty: number; readonly blanket: number; readonly source: string };
  readonly primaryNonContributory?: { readonly flat: number; readonly source: string };
}

/** The endorsement charges the risk's coverage options call for, in dollars, each named. */
const endorsementChargesOf = (risk: CompleteRisk, charges: EndorsementCharges | undefined): Record<string, number> => {
  const coverage = risk.coverage;
  if (!coverage || !charges) return {};
  const owed: Record<string, number> = {};
  const insureds = coverage.additionalInsureds?.length ?? 0;
  if (charges.additionalInsured && insureds > 0) owed.additionalInsureds = insureds * charges.additionalInsured.perInsured;
  const waiver = coverage.waiverOfSubrogation;
  if (charges.waiverOfSubrogation && waiver) {
    const amount = waiver.blanket ? charges.waiverOfSubrogation.blanket : waiver.parties.length * charges.waiverOfSubrogation.perParty;
    if (amount > 0) owed.waiverOfSubrogation = amount;
  }
  if (charges.primaryNonContributory && coverage.primaryNonContributory) owed.primaryNonContributory = charges.primaryNonContributory.flat;
  return owed;
};

export interface RatingWorksheet {
  readonly lineOfBusiness: LineOfBusiness;
  readonly rateTableVersion: string;
  readonly exposureBase: RateTable['exposureBase'];
  readonly exposureUnits: number;
  readonly rateSource: string;
  readonly classRate: number;
  readonly increasedLimitFactor: number;
  readonly stateFactor: number;
  readonly computedPremium: number;
  readonly minimumPremium: number;
  readonly minimumPremiumApplied: boolean;
  readonly grossPremium: number;
  /** Dollars charged for coverage options' endorsements (additional insureds, waiver, primary and non-contributory). */
  readonly endorsementCharges?: Readonly<Record<string, number>>;
}

export interface Rating {
  readonly grossPremium: Cents;
  readonly worksheet: RatingWorksheet;
}

const classRate = (table: RateTable, naicsCode: string): { rate: number; source: string } => {
  for (let length = naicsCode.length; length >= 2; length -= 1) {
    const prefix = naicsCode.slice(0, length);
    const rate = table.classRates[prefix];
    if (rate !== undefined) return { rate, source: `class ${prefix}` };
  }
  const sector = naicsSector(naicsCode);
  const rate = sector ? table.sectorRates[sector] : undefined;
  if (!sector || rate === undefined) throw validationFailed('naicsCode', 'rated', `NAICS code ${naicsCode} is in no rated sector.`);
  return { rate, source: `sector ${sector}` };
};

const increasedLimitFactor = (table: RateTable, limitDollars: number): number => {
  const tiers = [...table.increasedLimitFactors].sort((a, b) => a.limit - b.limit);
  return (tiers.find((tier) => tier.limit >= limitDollars) ?? tiers.at(-1))?.factor ?? 1;
};

/**
 * Premium = exposure units × class rate × increased-limit factor × state factor, never below the
 * minimum premium, rounded half up to the cent. Pure: the worksheet shows every factor.
 */
export const rate = (risk: CompleteRisk, table: RateTable): Rating => {
  if (risk.lineOfBusiness !== table.lineOfBusiness) throw new Error(`Rate table for ${table.lineOfBusiness} used for ${risk.lineOfBusiness}.`);
  const basisCents = table.exposureBase === 'revenue' ? risk.annualRevenue : risk.requestedLimit;
  const exposureUnits = centsToDollars(basisCents) / table.exposureUnit;
  const { rate: rateValue, source } = classRate(table, risk.naicsCode);
  const ilf = table.exposureBase === 'limit' ? 1 : increasedLimitFactor(table, centsToDollars(risk.requestedLimit));
  const stateFactor = table.stateFactors[risk.state] ?? 1;
  const computedCents = roundToCents(exposureUnits * rateValue * ilf * stateFactor);
  const minimumCents = roundToCents(table.minimumPremium);
  // The minimum applies to the coverage part; endorsement charges are added to it.
  const endorsements = endorsementChargesOf(risk, table.endorsementCharges);
  const endorsementCents = roundToCents(Object.values(endorsements).reduce((sum, amount) => sum + amount, 0));
  const grossPremium = cents(Math.max(computedCents, minimumCents) + endorsementCents);
  return {
    grossPremium,
    worksheet: {
      lineOfBusiness: table.lineOfBusiness,
      rateTableVersion: table.version,
      exposureBase: table.exposureBase,
      exposureUnits,
      rateSource: source,
      classRate: rateValue,
      increasedLimitFactor: ilf,
      stateFactor,
      computedPremium: centsToDollars(computedCents),
      minimumPremium: table.minimumPremium,
      minimumPremiumApplied: computedCents < minimumCents,
      ...(endorsementCents > 0 ? { endorsementCharges: endorsements } : {}),
      grossPremium: centsToDollars(grossPremium),
    },
  };
};
