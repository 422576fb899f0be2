import type { Filter, IndexSpec, SortSpec } from '../../../ports/shared/persistence/collection-store.port.ts';
import { quoted } from './statements.ts';
import { DATES_FROM, DATES_UNTIL, keyValue, NUMBERS_UNTIL, STRINGS_UNTIL, type KeyValue } from './index-keys.ts';

/**
 * The SQL part of a filter: conditions on indexed columns that every matching document meets.
 * `exact` says the SQL alone decides; otherwise the rows it returns are a superset that the
 * matcher narrows, so a filter the translation does not understand is never answered wrongly.
 */
export interface SqlFilter {
  readonly where: string;
  readonly params: KeyValue[];
  readonly exact: boolean;
  /** The filter names its records by a list of keys (`$in` on an indexed field): its matches are as many as the list names. */
  readonly listed: boolean;
}

/** The column holding a field's index key (index-keys.ts): its quoted name. */
export interface FilterColumn {
  readonly name: string;
  /** Strings a partial index fixes for this field (`{ status: 'past_due' }`): an equality writes them into the SQL. */
  readonly literals?: ReadonlySet<string>;
}

/** A field's column, or null when SQL cannot answer for the field. */
type ColumnOf = (field: string) => FilterColumn | null;
/** A field's quoted column when SQL can order by it, else null. */
type OrderColumnOf = (field: string) => string | null;

const RANGE_OPERATORS: Record<string, string> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

/** The keys of one type, as MongoDB's type bracketing compares a range only within its operand's type. */
const typeBracket = (operand: unknown): { from?: KeyValue; until: KeyValue } | null => {
  if (typeof operand === 'number') return { until: NUMBERS_UNTIL };
  if (typeof operand === 'string') return { from: NUMBERS_UNTIL, until: STRINGS_UNTIL };
  if (operand instanceof Date) return { from: DATES_FROM, until: DATES_UNTIL };
  return null;
};

const isOperatorObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date) && Object.keys(value).every((key) => key.startsWith('$'));

class Conditions {
  readonly parts: string[] = [];
  readonly params: KeyValue[] = [];
  exact = true;
  listed = false;

  add(sql: string, ...params: KeyValue[]): void {
    this.parts.push(sql);
    this.params.push(...params);
  }
}

/** `_id` is a TEXT column: only string operands keep their MongoDB meaning there. */
const fits = (column: string, operand: unknown): boolean => column !== 'id' || typeof operand === 'string';

/**
 * A constant's key written into the SQL rather than bound: SQLite uses a partial index
 * (`WHERE flag = x'0101'`, `WHERE "k:status" = 'past_due'`) only for a query naming the same constant.
 */
export const constantLiteral = (value: boolean | string): string => {
  const key = keyValue(value);
  return typeof key === 'string' ? `'${key.replaceAll("'", "''")}'` : `x'${Buffer.from(key as Uint8Array).toString('hex')}'`;
};

/** The key an equality compares with: undefined when SQL cannot say (the matcher decides). */
const keyFor = (column: FilterColumn, operand: unknown): KeyValue | undefined => (fits(column.name, operand) ? keyValue(operand) : undefined);

const equality = (into: Conditions, column: FilterColumn, operand: unknown): void => {
  const key = keyFor(column, operand);
  if (key === undefined) into.exact = false;
  else if (key === null) into.add(`${column.name} IS NULL`);
  else if (typeof operand === 'boolean' || (typeof operand === 'string' && column.literals?.has(operand)))
    into.add(`${column.name} = ${constantLiteral(operand)}`);
  else into.add(`${column.name} = ?`, key);
};

const membership = (into: Conditions, column: FilterColumn, operand: unknown): void => {
  if (!Array.isArray(operand)) return void (into.exact = false);
  const keys = operand.map((value) => keyFor(column, value));
  if (keys.some((key) => key === undefined)) return void (into.exact = false);
  const values = keys.filter((key): key is Exclude<KeyValue, null> => key !== null);
  const alternatives = values.length > 0 ? [`${column.name} IN (${values.map(() => '?').join(', ')})`] : [];
  into.listed = true;
  if (keys.includes(null)) alternatives.push(`${column.name} IS NULL`);
  into.add(alternatives.length > 0 ? `(${alternatives.join(' OR ')})` : '0', ...values);
};

const rangeCondition = (into: Conditions, { name: column }: FilterColumn, operator: string, operand: unknown): void => {
  const bracket = typeBracket(operand);
  const key = keyValue(operand);
  if (!bracket || key === undefined || key === null || !fits(column, operand)) return void (into.exact = false);
  into.add(`${column} ${RANGE_OPERATORS[operator]} ?`, key);
  // The bracket is checked row by row (`+` keeps SQLite from bounding an index walk with it): as
  // a bound it could win over the operand's own and walk every key of the type, as a day's
  // `renewalOfferOn <= today` walked every policy awaiting its offer.
  if (bracket.from !== undefined) into.add(`+${column} >= ?`, bracket.from);
  into.add(`+${column} < ?`, bracket.until);
};

const fieldConditions = (into: Conditions, column: FilterColumn, condition: unknown): void => {
  if (!isOperatorObject(condition)) return equality(into, column, condition);
  for (const [operator, operand] of Object.entries(condition)) {
    if (operator === '$eq') equality(into, column, operand);
    else if (operator === '$in') membership(into, column, operand);
    else if (operator in RANGE_OPERATORS) rangeCondition(into, column, operator, operand);
    else into.exact = false;
  }
};

const collect = (into: Conditions, filter: Filter, columnOf: ColumnOf): void => {
  for (const [field, condition] of Object.entries(filter)) {
    if (field === '$and' && Array.isArray(condition)) {
      for (const branch of condition) {
        if (branch && typeof branch === 'object' && !Array.isArray(branch)) collect(into, branch as Filter, columnOf);
        else into.exact = false;
      }
      continue;
    }
    const column = field.startsWith('$') ? null : columnOf(field);
    if (column === null) into.exact = false;
    else fieldConditions(into, column, condition);
  }
};

export const filterToSql = (filter: Filter, columnOf: ColumnOf): SqlFilter => {
  const conditions = new Conditions();
  collect(conditions, filter, columnOf);
  const where = conditions.parts.length > 0 ? conditions.parts.join(' AND ') : '1';
  return { where, params: conditions.params, exact: conditions.exact, listed: conditions.listed };
};

/**
 * ORDER BY over index columns (MongoDB's order, see index-keys.ts), ties broken by id; null when a
 * field has no usable column. `unique`: the sorted fields (with those the filter fixes) are a
 * unique key already, so no tiebreaker is added and the unique index can give the order by itself
 * (a tiebreaker would make SQLite sort every match).
 */
export const sortToSql = (sort: SortSpec, columnOf: OrderColumnOf, unique = false): string | null => {
  const terms: string[] = [];
  for (const [field, direction] of Object.entries(sort)) {
    const column = columnOf(field);
    if (column === null) return null;
    terms.push(`${column} ${direction === -1 ? 'DESC' : 'ASC'}`);
  }
  // Ties go the way of the last sorted field, so one index walked one way gives the whole order.
  const last = Object.values(sort).at(-1);
  if (!('_id' in sort) && !unique) terms.push(`id ${last === -1 ? 'DESC' : 'ASC'}`);
  return terms.join(', ');
};

/** The column of a field's key (index-keys.ts); `_id` is the table's own `id`. */
export const columnOf = (field: string): string => (field === '_id' ? 'id' : quoted(`k:${field}`));

/**
 * A partial index's filter as SQL over key columns, its constants written in (an index's WHERE
 * takes no parameters): equalities to strings and booleans (`{ status: 'open' }`, `{ pending:
 * true }`), and ranges over numbers (`{ version: { $gte: 1 } }`), as MongoDB's partial indexes take them.
 */
export const partialConditions = (spec: IndexSpec): Array<{ field: string; sql: string; fixed?: string }> =>
  Object.entries(spec.partialFilterExpression ?? {}).flatMap(([field, condition]) => {
    const column = columnOf(field);
    if (typeof condition === 'string' || typeof condition === 'boolean') {
      return [{ field, sql: `${column} = ${constantLiteral(condition)}`, ...(typeof condition === 'string' ? { fixed: condition } : {}) }];
    }
    const ranges = Object.entries((condition ?? {}) as Record<string, unknown>);
    if (ranges.length === 0 || ranges.some(([operator, operand]) => !RANGE_OPERATORS[operator] || typeof operand !== 'number' || !Number.isFinite(operand))) {
      throw new Error(`Index '${spec.name}': a partial filter fixes a field to a string or a boolean, or bounds a number.`);
    }
    // Below the empty string lie the numbers only (index-keys.ts), as MongoDB compares a number with numbers only.
    return ranges.map(([operator, operand]) => ({ field, sql: `${column} ${RANGE_OPERATORS[operator]} ${operand} AND ${column} < ''` }));
  });
