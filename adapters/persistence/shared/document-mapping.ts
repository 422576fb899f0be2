import type { StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';

/** A domain record as stored: its `id` becomes `_id`. */
export type DocumentOf<T extends { id: string }> = Omit<T, 'id'> & StoredDocument;

/**
 * Every field of a domain record, listed once per repository; the type makes the list complete.
 * Reading a stored document keeps exactly these fields, so what a repository stores beside the
 * record for its own writes (outbox events, guard keys such as payment references) never reaches
 * domain objects or responses.
 */
export type RecordFields<T> = { readonly [K in keyof T]-?: true };

/** The stored document of a record (id as `_id`) and the record read back from one, with only its declared fields. */
export interface RecordMapper<T extends { id: string }> {
  toStored(record: T): DocumentOf<T>;
  fromStored(document: StoredDocument): T;
}

export const recordMapper = <T extends { id: string }>(fields: RecordFields<T>): RecordMapper<T> => {
  const names = Object.keys(fields).filter((name) => name !== 'id');
  return {
    toStored: (record) => toDocument(record),
    fromStored: (document) => {
      const record: Record<string, unknown> = { id: document._id };
      for (const name of names) if (document[name] !== undefined) record[name] = document[name];
      return record as T;
    },
  };
};

export const toDocument = <T extends { id: string }>({ id, ...rest }: T): DocumentOf<T> => ({ _id: id, ...rest }) as DocumentOf<T>;

/** One copy with `_id` renamed (a rest pattern would copy twice, through V8's slow excluded-keys path). */
export const fromDocument = <T extends { id: string }>(document: DocumentOf<T>): T => {
  const record: Record<string, unknown> = { id: document._id };
  for (const name in document) if (name !== '_id') record[name] = (document as Record<string, unknown>)[name];
  return record as T;
};

/** Only the fields a change names, so that `undefined` never overwrites a stored value. */
export const definedFields = (changes: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
