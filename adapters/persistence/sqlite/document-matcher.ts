import { compare, resolve } from 'mingo/util';
import { mingoQuery } from './mingo-query.ts';
import type { Filter, SortSpec, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';

type Matcher = (document: StoredDocument) => boolean;
type Scalar = string | number | boolean | null | Date;

/** Returned by a fast predicate when only the full query engine can decide. */
const UNDECIDED = Symbol('undecided');
type Verdict = boolean | typeof UNDECIDED;

const isScalar = (value: unknown): value is Scalar => value === null || value instanceof Date || ['string', 'number', 'boolean'].includes(typeof value);

const FAST_OPERATORS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists']);

/** A field's value along a dotted path; arrays on the way are left to the full engine. */
const valueAt = (document: StoredDocument, path: readonly string[]): unknown => {
  let current: unknown = document;
  for (let i = 0; i < path.length; i += 1) {
    if (current === null || current === undefined) return undefined;
    if (Array.isArray(current)) return UNDECIDED;
    if (typeof current !== 'object' || current instanceof Date) return undefined;
    current = (current as Record<string, unknown>)[path[i] as string];
  }
  return current;
};

const sameScalar = (actual: unknown, expected: Scalar): boolean => {
  if (expected === null) return actual === null || actual === undefined;
  if (expected instanceof Date) return actual instanceof Date && actual.getTime() === expected.getTime();
  return actual === expected;
};

/** MongoDB equality: an array field matches when any element matches. */
const equals = (actual: unknown, expected: Scalar): boolean =>
  sameScalar(actual, expected) || (Array.isArray(actual) && actual.some((element) => sameScalar(element, expected)));

/** Range operators compare only within one type class, as MongoDB's type bracketing does. */
const comparable = (a: unknown, b: Scalar): boolean =>
  (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string') || (a instanceof Date && b instanceof Date);

const range = (actual: unknown, expected: Scalar, test: (order: number) => boolean): boolean => {
  const candidates = Array.isArray(actual) ? actual : [actual];
  return candidates.some((value) => comparable(value, expected) && test(compare(value, expected)));
};

const operatorPredicate = (operator: string, operand: unknown): ((actual: unknown) => boolean) | null => {
  if (operator === '$exists') return (actual) => (actual !== undefined) === Boolean(operand);
  if (operator === '$in' || operator === '$nin') {
    if (!Array.isArray(operand) || !operand.every(isScalar)) return null;
    const any = (actual: unknown) => operand.some((value) => equals(actual, value));
    return operator === '$in' ? any : (actual) => !any(actual);
  }
  if (!isScalar(operand)) return null;
  switch (operator) {
    case '$eq':
      return (actual) => equals(actual, operand);
    case '$ne':
      return (actual) => !equals(actual, operand);
    case '$gt':
      return operand === null ? null : (actual) => range(actual, operand, (order) => order > 0);
    case '$gte':
      return operand === null ? null : (actual) => range(actual, operand, (order) => order >= 0);
    case '$lt':
      return operand === null ? null : (actual) => range(actual, operand, (order) => order < 0);
    case '$lte':
      return operand === null ? null : (actual) => range(actual, operand, (order) => order <= 0);
    default:
      return null;
  }
};

type FastPredicate = (document: StoredDocument) => Verdict;

const fieldPredicate = (field: string, condition: unknown): FastPredicate | null => {
  const path = field.split('.');
  let tests: Array<(actual: unknown) => boolean>;
  if (isScalar(condition)) tests = [(actual) => equals(actual, condition)];
  else if (condition && typeof condition === 'object' && !Array.isArray(condition)) {
    const entries = Object.entries(condition);
    if (entries.length === 0 || !entries.every(([op]) => FAST_OPERATORS.has(op))) return null;
    const built = entries.map(([op, operand]) => operatorPredicate(op, operand));
    if (built.some((test) => test === null)) return null;
    tests = built as Array<(actual: unknown) => boolean>;
  } else return null;
  return (document) => {
    const actual = path.length === 1 ? document[field] : valueAt(document, path);
    if (actual === UNDECIDED) return UNDECIDED;
    return tests.every((test) => test(actual));
  };
};

/** All of the predicates (`decisive` false) or any of them (`decisive` true), undecided when that depends on one that is. */
const combine =
  (predicates: readonly FastPredicate[], decisive: boolean): FastPredicate =>
  (document) => {
    let verdict: Verdict = !decisive;
    for (const predicate of predicates) {
      const result = predicate(document);
      if (result === decisive) return decisive;
      if (result === UNDECIDED) verdict = UNDECIDED;
    }
    return verdict;
  };

/** Compiles the common subset of the query language; null when the filter needs the full engine. */
const fastPredicate = (filter: Filter): FastPredicate | null => {
  const parts: FastPredicate[] = [];
  for (const [field, condition] of Object.entries(filter)) {
    if (field === '$and' || field === '$or') {
      if (!Array.isArray(condition) || condition.length === 0) return null;
      const branches = condition.map((branch) => (branch && typeof branch === 'object' ? fastPredicate(branch as Filter) : null));
      if (branches.some((branch) => branch === null)) return null;
      parts.push(combine(branches as FastPredicate[], field === '$or'));
      continue;
    }
    if (field.startsWith('$')) return null;
    const predicate = fieldPredicate(field, condition);
    if (!predicate) return null;
    parts.push(predicate);
  }
  return combine(parts, false);
};

/**
 * Repository filters are mostly equalities and ranges on plain fields; those are matched here
 * directly with MongoDB's semantics. Anything else (and any document whose arrays make a path
 * ambiguous) goes through mingo's implementation of the MongoDB query language.
 */
export const compileFilter = (filter: Filter): Matcher => {
  let query: ((document: StoredDocument) => boolean) | null = null;
  const full = (document: StoredDocument) => (query ??= mingoQuery(filter))(document);
  const fast = fastPredicate(filter);
  if (!fast) return full;
  return (document) => {
    const verdict = fast(document);
    return verdict === UNDECIDED ? full(document) : verdict;
  };
};

export const compareBySort = (sort: SortSpec) => {
  const keys = Object.entries(sort);
  return (a: StoredDocument, b: StoredDocument): number => {
    for (const [field, direction] of keys) {
      const order = compare(resolve(a, field), resolve(b, field));
      if (order !== 0) return order * direction;
    }
    return 0;
  };
};

/** The value a filter requires a field to equal, when it requires exactly one. */
export const equalityValue = (filter: Filter, field: string): { value: unknown } | null => {
  if (!(field in filter)) return null;
  const condition = filter[field];
  if (isScalar(condition)) return { value: condition };
  if (condition && typeof condition === 'object' && Object.keys(condition).length === 1 && '$eq' in condition) {
    const value = (condition as { $eq: unknown }).$eq;
    if (isScalar(value)) return { value };
  }
  return null;
};
