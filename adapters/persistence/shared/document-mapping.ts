import type { StoredDocument } from '../../../ports/persistence/collection-store.port.ts';

/** A domain record as stored: its `id` becomes `_id`. */
export type DocumentOf<T extends { id: string }> = Omit<T, 'id'> & StoredDocument;

export const toDocument = <T extends { id: string }>({ id, ...rest }: T): DocumentOf<T> =>
  ({ _id: id, ...rest }) as DocumentOf<T>;

export const fromDocument = <T extends { id: string }>({ _id, ...rest }: DocumentOf<T>): T => ({ id: _id, ...rest }) as unknown as T;

/** Only the fields a change names, so that `undefined` never overwrites a stored value. */
export const definedFields = (changes: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
