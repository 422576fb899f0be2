/** Opaque, time-ordered identifiers: sorting by id sorts by creation. */
export interface IdGenerator {
  next(prefix: string): string;
}
