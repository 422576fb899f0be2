import { NUMBERS_UNTIL, STRINGS_UNTIL, type KeyValue } from './index-keys.ts';
import { PACKED_IDS_FROM, PACKED_IDS_UNTIL, packedId, packedIdsBelow, packedIdsFrom } from './packed-ids.ts';

/** Where a range's SQL goes (filter-sql.ts): conditions, and whether SQL alone decides. */
export interface RangeConditions {
  add(sql: string, ...params: KeyValue[]): void;
  exact: boolean;
}

export interface StringForms {
  /** The column has held a packed id (packed-id-fields.ts). */
  readonly packed: boolean;
  /** ... and a string of another form. */
  readonly texts: boolean;
}

const BELOW = new Set(['$lt', '$lte']);

/**
 * A string range over a column holding packed ids (packed-ids.ts). `sql` is the comparison,
 * `operand` the range's string. Bounds written as `+column` are checked row by row; the others
 * bound the index walk.
 *
 * - Packed ids only (a table's ids, a policyId): one run, in the ids' string order. An id operand
 *   bounds it exactly; an operand of another form bounds it by the letters it begins with
 *   (packedIdsBelow/From), and the matcher decides within.
 * - Packed ids and other strings: the texts, then the packed ids (blobs sort after every text),
 *   each run in its own order. The walk is bounded in the run the operand's form sorts in, and
 *   the other run's keys are checked row by row.
 */
export const rangeOverPackedIds = (into: RangeConditions, column: string, operator: string, sql: string, operand: string, forms: StringForms): void => {
  const packed = packedId(operand);
  if (!packed) into.exact = false;
  const below = BELOW.has(operator);
  if (!forms.texts) {
    if (packed) into.add(`${column} ${sql} ?`, packed);
    else into.add(below ? `${column} < ?` : `${column} >= ?`, below ? packedIdsBelow(operand) : packedIdsFrom(operand));
    into.add(`+${column} >= ?`, PACKED_IDS_FROM);
    into.add(`+${column} < ?`, PACKED_IDS_UNTIL);
    return;
  }
  if (below) {
    // From the bottom: the texts (those past the operand are skipped row by row), then the packed ids up to it.
    into.add(`${column} ${packed ? sql : '<'} ?`, packed ?? packedIdsBelow(operand));
    into.add(`+${column} >= ?`, NUMBERS_UNTIL);
    into.add(`(+${column} ${sql} ? OR +${column} >= ?)`, operand, STRINGS_UNTIL);
    return;
  }
  // From the operand up: the texts past it, then every blob, of which the packed ids past it.
  into.add(`${column} ${sql} ?`, operand);
  into.add(`+${column} < ?`, PACKED_IDS_UNTIL);
  into.add(`(+${column} < ? OR +${column} ${packed ? sql : '>='} ?)`, STRINGS_UNTIL, packed ?? packedIdsFrom(operand));
};
