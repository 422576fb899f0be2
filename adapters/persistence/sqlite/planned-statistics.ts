/** The fewest rows the planner is told a table holds. */
export const PLANNED_ROWS = 1_000;
/** A tenth: the most of a table the planner is told one organization holds. */
const TENANT_SHARE = 10;

export interface IndexKind {
  /** Its first column is the organization's (`n:orgId`). */
  readonly leadsWithOrg: boolean;
  /** It holds only the rows its WHERE keeps. */
  readonly partial: boolean;
}

/**
 * An index's `sqlite_stat1` figures (`rows perFirstKey perFirstTwoKeys …`) as the planner should
 * read them for a table that grows and serves many organizations (see PlannerStatistics): at
 * least PLANNED_ROWS rows, at most a tenth of them for one organization, and never zero rows a
 * key. A partial index holds the records in a state they pass through (open invoices); however
 * few it held when analyzed, it may come to hold an organization's whole book, so its keys but
 * the last are planned as a tenth of the table at least. Null when the figures cannot be read.
 */
export const plannedStat = (stat: string, { leadsWithOrg, partial }: IndexKind): string | null => {
  const figures = stat.split(' ').map(Number);
  if (figures.length < 2 || figures.some((figure) => !Number.isInteger(figure) || figure < 0)) return null;
  const [rows = 0, ...perKey] = figures;
  const planned = Math.max(rows, PLANNED_ROWS);
  const share = Math.floor(planned / TENANT_SHARE);
  const keys = perKey.map((count, n) => {
    if (partial && n < perKey.length - 1) return Math.max(count, share);
    if (leadsWithOrg && n === 0) return Math.max(1, Math.min(count, share));
    return Math.max(1, count);
  });
  // More keys fixed never match more rows: each figure at most the one before it.
  for (let n = 1; n < keys.length; n += 1) keys[n] = Math.min(keys[n] as number, keys[n - 1] as number);
  return [planned, ...keys].join(' ');
};
