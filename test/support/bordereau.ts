import { csvLine } from '../../core/shared/csv.ts';
import type { Bordereau } from '../../ports/reports/bordereaux.use-case.ts';

/** A bordereau read whole, as the CSV the API streams. */
export const csvOf = async (report: Bordereau | Promise<Bordereau>): Promise<string> => {
  const bordereau = await report;
  let csv = csvLine(bordereau.columns);
  for await (const line of bordereau.lines(null)) csv += csvLine(line.cells);
  return csv;
};
