import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateSchedule, type CommissionSchedule } from '../../core/billing/commission.ts';
import type { ShortRateTable } from '../../core/policy/premium.ts';
import type { DaProgram } from '../../core/underwriting/delegated-authority.ts';
import type { RateTable } from '../../core/underwriting/rating.ts';
import { LINES_OF_BUSINESS, type LineOfBusiness } from '../../core/underwriting/reference-data.ts';
import type { AppetiteGuide } from '../../core/underwriting/triage.ts';
import { cents } from '../../core/shared/money.ts';
import type { UnderwritingReferenceData } from '../../ports/underwriting/reference-data.port.ts';

const FIXTURES = join(import.meta.dirname, '../../fixtures');
const read = <T>(path: string): T => JSON.parse(readFileSync(join(FIXTURES, path), 'utf8')) as T;

interface ProgramFile extends Omit<DaProgram, 'maxLimitPerRisk' | 'maxPremiumPerRisk' | 'aggregateCap'> {
  readonly maxLimitPerRisk: number;
  readonly maxPremiumPerRisk: number;
  readonly aggregateCap: number;
}

/** Checks the short-rate table once at load: days and percents rising, ending at 100 % on day 365. */
const validShortRateTable = (steps: ShortRateTable): ShortRateTable => {
  const rising = steps.every(
    ([day, percent], i) => i === 0 || (day > (steps[i - 1] as [number, number])[0] && percent >= (steps[i - 1] as [number, number])[1]),
  );
  const last = steps.at(-1);
  if (!rising || !last || last[0] !== 365 || last[1] !== 100) throw new Error('The short-rate table must rise to 100 % on day 365.');
  return steps;
};

/** Reference data from the JSON files in fixtures/ (dollars there, cents here). */
export class FixtureReferenceData implements UnderwritingReferenceData {
  private readonly tables: Record<LineOfBusiness, RateTable>;
  private readonly guide: AppetiteGuide;
  private readonly program: DaProgram;
  private readonly commissions: CommissionSchedule;
  private readonly shortRate: ShortRateTable;

  constructor() {
    this.tables = Object.fromEntries(LINES_OF_BUSINESS.map((line) => [line, read<RateTable>(`rate-tables/${line.toLowerCase()}.json`)])) as Record<
      LineOfBusiness,
      RateTable
    >;
    this.guide = read<AppetiteGuide>('appetite.json');
    this.commissions = validateSchedule(read<CommissionSchedule>('commissions/commission-schedule.json'), LINES_OF_BUSINESS);
    this.shortRate = validShortRateTable(read<{ steps: ShortRateTable }>('cancellation/short-rate-table.json').steps);
    const program = read<ProgramFile>('programs/default-program.json');
    this.program = {
      ...program,
      maxLimitPerRisk: cents(program.maxLimitPerRisk * 100),
      maxPremiumPerRisk: cents(program.maxPremiumPerRisk * 100),
      aggregateCap: cents(program.aggregateCap * 100),
    };
  }

  rateTable(line: LineOfBusiness): RateTable {
    return this.tables[line];
  }

  appetite(): AppetiteGuide {
    return this.guide;
  }

  defaultProgram(): DaProgram {
    return this.program;
  }

  commissionSchedule(): CommissionSchedule {
    return this.commissions;
  }

  shortRateTable(): ShortRateTable {
    return this.shortRate;
  }
}
