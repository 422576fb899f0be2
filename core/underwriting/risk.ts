import type { CalendarDate } from '../shared/calendar-date.ts';
import type { Cents } from '../shared/money.ts';
import type { LineOfBusiness } from '../shared/reference-data.ts';
import type { CoverageOptions, PostalAddress } from './coverage-options.ts';

export interface PriorLoss {
  readonly date: CalendarDate;
  readonly amount: Cents;
  readonly description: string;
}

/** What an underwriter needs to rate a risk; fields an upload could not read stay absent. */
export interface RiskDetails {
  readonly insuredName?: string;
  readonly naicsCode?: string;
  readonly annualRevenue?: Cents;
  readonly requestedLimit?: Cents;
  readonly effectiveDate?: CalendarDate;
  /** The risk's state: rating and the program's states follow it. */
  readonly state?: string;
  readonly lineOfBusiness?: LineOfBusiness;
  /** The insured's home state (principal place of business): surplus lines charges follow it. Absent: the risk's state. */
  readonly homeState?: string;
  /** The risk's city or county, for a home state with local premium taxes (fixtures/taxes/localities.json). */
  readonly locality?: string;
  /** What a certificate holder asks for (CONTRACT 18.11): limits schedule, trigger, additional insureds, waiver; forms follow it. */
  readonly coverage?: CoverageOptions;
  /** The named insured's mailing address, as the declarations and certificates print it. */
  readonly mailingAddress?: PostalAddress;
}

export const REQUIRED_RISK_FIELDS = ['insuredName', 'naicsCode', 'annualRevenue', 'requestedLimit', 'effectiveDate', 'state', 'lineOfBusiness'] as const;

export type CompleteRisk = Required<Pick<RiskDetails, (typeof REQUIRED_RISK_FIELDS)[number]>> &
  Pick<RiskDetails, 'homeState' | 'locality' | 'coverage' | 'mailingAddress'>;

export const missingRiskFields = (risk: RiskDetails): string[] => REQUIRED_RISK_FIELDS.filter((field) => risk[field] === undefined);

export const isComplete = (risk: RiskDetails): risk is CompleteRisk => missingRiskFields(risk).length === 0;
