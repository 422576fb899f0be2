import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateSchedule, type CommissionSchedule } from '../../core/billing/commission.ts';
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

/** Reference data from the JSON files in fixtures/ (dollars there, cents here). */
export class FixtureReferenceData implements UnderwritingReferenceData {
  private readonly tables: Record<LineOfBusiness, RateTable>;
  private readonly guide: AppetiteGuide;
  private readonly program: DaProgram;
  private readonly commissions: CommissionSchedule;

  constructor() {
    this.tables = Object.fromEntries(LINES_OF_BUSINESS.map((line) => [line, read<RateTable>(`rate-tables/${line.toLowerCase()}.json`)])) as Record<
      LineOfBusiness,
      RateTable
    >;
    this.guide = read<AppetiteGuide>('appetite.json');
    this.commissions = validateSchedule(read<CommissionSchedule>('commissions/commission-schedule.json'), LINES_OF_BUSINESS);
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
}
