import { DomainError } from '../../../core/shared/domain-error.ts';
import type { Filter, IndexSpec, StoredDocument } from '../../../ports/persistence/collection-store.port.ts';
import { compileFilter, equalityValue, fieldValue } from './document-matcher.ts';

const keyPart = (value: unknown): string => {
  if (value === undefined || value === null) return 'null';
  if (value instanceof Date) return `d:${value.toISOString()}`;
  return JSON.stringify(value);
};

/** Index keys of a document; an array field yields one key per element, as MongoDB's multikey indexes do. */
const keysOf = (document: StoredDocument, fields: readonly string[]): string[] => {
  let keys = [''];
  for (const field of fields) {
    const value = fieldValue(document, field);
    const values = Array.isArray(value) && value.length > 0 ? value : [value];
    keys = keys.flatMap((prefix) => values.map((v) => `${prefix}|${keyPart(v)}`));
  }
  return [...new Set(keys)];
};

const sameKeys = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((key, i) => key === b[i]);

interface LookupIndex {
  readonly fields: readonly string[];
  readonly entries: Map<string, Set<string>>;
}

interface UniqueIndex {
  readonly spec: IndexSpec;
  readonly fields: readonly string[];
  readonly applies: (document: StoredDocument) => boolean;
  readonly owners: Map<string, string>;
}

export interface TtlRule {
  readonly field: string;
  readonly seconds: number;
}

/** Unique constraints, equality lookups over every index prefix, and TTL rules of one collection. */
export class IndexSet {
  private readonly specs = new Map<string, IndexSpec>();
  private readonly unique: UniqueIndex[] = [];
  private readonly lookups = new Map<string, LookupIndex>();
  readonly ttl: TtlRule[] = [];

  add(spec: IndexSpec, documents: Iterable<StoredDocument>): void {
    if (this.specs.has(spec.name)) return;
    const fields = Object.keys(spec.keys);
    const all = [...documents];
    if (spec.unique) {
      const applies = spec.partialFilterExpression ? compileFilter(spec.partialFilterExpression) : () => true;
      const index: UniqueIndex = { spec, fields, applies, owners: new Map() };
      for (const document of all) {
        if (!applies(document)) continue;
        for (const key of keysOf(document, fields)) {
          if (index.owners.has(key)) throw this.duplicate(spec);
          index.owners.set(key, document._id);
        }
      }
      this.unique.push(index);
    }
    for (let length = 1; length <= fields.length; length += 1) {
      const prefix = fields.slice(0, length);
      const signature = prefix.join('\u0000');
      if (this.lookups.has(signature)) continue;
      const lookup: LookupIndex = { fields: prefix, entries: new Map() };
      for (const document of all) this.addToLookup(lookup, document);
      this.lookups.set(signature, lookup);
    }
    if (spec.expireAfterSeconds !== undefined && fields.length === 1 && fields[0]) {
      this.ttl.push({ field: fields[0], seconds: spec.expireAfterSeconds });
    }
    this.specs.set(spec.name, spec);
  }

  /** Throws `duplicate` when the document would take a unique key held by another document. */
  check(document: StoredDocument): void {
    for (const index of this.unique) {
      if (!index.applies(document)) continue;
      for (const key of keysOf(document, index.fields)) {
        const owner = index.owners.get(key);
        if (owner !== undefined && owner !== document._id) throw this.duplicate(index.spec);
      }
    }
  }

  insert(document: StoredDocument): void {
    for (const index of this.unique) {
      if (!index.applies(document)) continue;
      for (const key of keysOf(document, index.fields)) index.owners.set(key, document._id);
    }
    for (const lookup of this.lookups.values()) this.addToLookup(lookup, document);
  }

  remove(document: StoredDocument): void {
    for (const index of this.unique) {
      if (!index.applies(document)) continue;
      for (const key of keysOf(document, index.fields)) {
        if (index.owners.get(key) === document._id) index.owners.delete(key);
      }
    }
    for (const lookup of this.lookups.values()) this.removeFromLookup(lookup, document);
  }

  /** Moves a changed document's index entries, touching only the indexes whose keys changed. */
  replace(previous: StoredDocument, next: StoredDocument): void {
    for (const index of this.unique) {
      const before = index.applies(previous) ? keysOf(previous, index.fields) : [];
      const after = index.applies(next) ? keysOf(next, index.fields) : [];
      if (sameKeys(before, after)) continue;
      for (const key of before) if (index.owners.get(key) === previous._id) index.owners.delete(key);
      for (const key of after) index.owners.set(key, next._id);
    }
    for (const lookup of this.lookups.values()) {
      const before = keysOf(previous, lookup.fields);
      const after = keysOf(next, lookup.fields);
      if (sameKeys(before, after)) continue;
      this.removeFromLookup(lookup, previous);
      this.addToLookup(lookup, next);
    }
  }

  /** Ids that may match the filter, from the index prefix with the most equality fields; null means scan. */
  candidates(filter: Filter): Iterable<string> | null {
    let best: { lookup: LookupIndex; values: unknown[] } | null = null;
    for (const lookup of this.lookups.values()) {
      if (best && best.lookup.fields.length >= lookup.fields.length) continue;
      const values: unknown[] = [];
      for (const field of lookup.fields) {
        const equality = equalityValue(filter, field);
        if (!equality) break;
        values.push(equality.value);
      }
      if (values.length === lookup.fields.length) best = { lookup, values };
    }
    if (!best) return null;
    const key = best.values.map((v) => `|${keyPart(v)}`).join('');
    return best.lookup.entries.get(key) ?? [];
  }

  private removeFromLookup(lookup: LookupIndex, document: StoredDocument): void {
    for (const key of keysOf(document, lookup.fields)) {
      const ids = lookup.entries.get(key);
      ids?.delete(document._id);
      if (ids?.size === 0) lookup.entries.delete(key);
    }
  }

  private addToLookup(lookup: LookupIndex, document: StoredDocument): void {
    for (const key of keysOf(document, lookup.fields)) {
      let ids = lookup.entries.get(key);
      if (!ids) lookup.entries.set(key, (ids = new Set()));
      ids.add(document._id);
    }
  }

  private duplicate(spec: IndexSpec): DomainError {
    return new DomainError('duplicate', 'A resource with the same unique value already exists.', { index: spec.name });
  }
}
