import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateSchedule } from '../../core/billing/commission.ts';
import type { CommissionSchedule, ShortRateTable } from '../../core/underwriting/commission-and-short-rate.ts';
import type { TaxSchedules } from '../../core/underwriting/tax-schedule.ts';
import { validTaxSchedules } from '../../core/underwriting/tax-schedule-validation.ts';
import type { DaProgram } from '../../core/underwriting/delegated-authority.ts';
import { validRateManual, type RateManual, type RateManualVersion } from '../../core/underwriting/rate-manual.ts';
import { LINES_OF_BUSINESS } from '../../core/shared/reference-data.ts';
import type { AppetiteGuide } from '../../core/underwriting/triage.ts';
import { cents } from '../../core/shared/money.ts';
import type { UnderwritingReferenceData } from '../../ports/underwriting/reference-data.port.ts';

const FIXTURES = join(import.meta.dirname, '../../fixtures');
const read = <T>(path: string): T => JSON.parse(readFileSync(join(FIXTURES, path), 'utf8')) as T;

interface ProgramFile extends Omit<
  DaProgram,
  'orgId' | 'version' | 'status' | 'rateTableVersion' | 'maxLimitPerRisk' | 'maxPremiumPerRisk' | 'aggregateCap' | 'policyFee'
> {
  readonly rateTableVersion?: string;
  readonly maxLimitPerRisk: number;
  readonly maxPremiumPerRisk: number;
  readonly aggregateCap: number;
  readonly policyFee: number;
}

const DEFAULT_PROGRAM_ID = 'default';

/** The surplus lines schedules, local premium taxes and peril shares (fixtures/taxes), checked once at load. */
const readTaxSchedules = (): TaxSchedules =>
  validTaxSchedules({
    states: read<Pick<TaxSchedules, 'states'>>('taxes/surplus-lines.json').states,
    localities: read<{ states: TaxSchedules['localities'] }>('taxes/localities.json').states,
    perilShares: read<{ lines: TaxSchedules['perilShares'] }>('taxes/peril-shares.json').lines,
  });

const programOf = (file: ProgramFile): DaProgram => ({
  ...file,
  orgId: null,
  version: 1,
  status: 'active',
  rateTableVersion: file.rateTableVersion ?? null,
  maxLimitPerRisk: cents(file.maxLimitPerRisk * 100),
  maxPremiumPerRisk: cents(file.maxPremiumPerRisk * 100),
  aggregateCap: cents(file.aggregateCap * 100),
  policyFee: cents(Math.round(file.policyFee * 100)),
});

/** Checks the short-rate table once at load: days and percents rising, ending at 100 % on day 365. */
const validShortRateTable = (steps: ShortRateTable): ShortRateTable => {
  const rising = steps.every(
    ([day, percent], i) => i === 0 || (day > (steps[i - 1] as [number, number])[0] && percent >= (steps[i - 1] as [number, number])[1]),
  );
  const last = steps.at(-1);
  if (!rising || !last || last[0] !== 365 || last[1] !== 100) throw new Error('The short-rate table must rise to 100 % on day 365.');
  return steps;
};

/** The manual's versions from `rate-tables/versions.json`, each with the tables in its own directory. */
const readRateManual = (): RateManual =>
  validRateManual(
    read<{ versions: Omit<RateManualVersion, 'tables'>[] }>('rate-tables/versions.json').versions.map((entry) => ({
      version: entry.version,
      effectiveFrom: entry.effectiveFrom,
      tables: Object.fromEntries(
        LINES_OF_BUSINESS.map((line) => [line, `rate-tables/${entry.version}/${line.toLowerCase()}.json`] as const)
          .filter(([, path]) => existsSync(join(FIXTURES, path)))
          .map(([line, path]) => [line, read(path)]),
      ),
    })),
  );

/** Reference data from the JSON files in fixtures/ (dollars there, cents here). */
export class FixtureReferenceData implements UnderwritingReferenceData {
  private readonly manual: RateManual;
  private readonly guide: AppetiteGuide;
  private readonly programs: ReadonlyMap<string, DaProgram>;
  private readonly commissions: CommissionSchedule;
  private readonly shortRate: ShortRateTable;
  private readonly taxes: TaxSchedules;

  constructor() {
    this.manual = readRateManual();
    this.guide = read<AppetiteGuide>('appetite.json');
    this.commissions = validateSchedule(read<CommissionSchedule>('commissions/commission-schedule.json'), LINES_OF_BUSINESS);
    this.taxes = readTaxSchedules();
    this.shortRate = validShortRateTable(read<{ steps: ShortRateTable }>('cancellation/short-rate-table.json').steps);
    this.programs = new Map(
      readdirSync(join(FIXTURES, 'programs'))
        .filter((file) => file.endsWith('.json'))
        .map((file) => programOf(read<ProgramFile>(`programs/${file}`)))
        .map((program) => [program.id, program]),
    );
    if (!this.programs.has(DEFAULT_PROGRAM_ID)) throw new Error(`fixtures/programs has no '${DEFAULT_PROGRAM_ID}' program.`);
  }

  rateManual(): RateManual {
    return this.manual;
  }

  appetite(): AppetiteGuide {
    return this.guide;
  }

  defaultProgram(): DaProgram {
    return this.programs.get(DEFAULT_PROGRAM_ID) as DaProgram;
  }

  platformProgram(id: string): DaProgram | null {
    return this.programs.get(id) ?? null;
  }

  commissionSchedule(): CommissionSchedule {
    return this.commissions;
  }

  shortRateTable(): ShortRateTable {
    return this.shortRate;
  }

  taxSchedules(): TaxSchedules {
    return this.taxes;
  }
}
