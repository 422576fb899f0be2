/**
 * Stored documents are frozen and replaced on every change (copy on write), so reads can hand
 * them out without copying and no caller can alter the store by mutating a result.
 */
export const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !(value instanceof Date)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
};
