/** The process environment as configuration reads it. */
export type Env = Readonly<Record<string, string | undefined>>;

/** A non-negative integer setting, or `fallback` when unset; anything else stops the start naming the variable. */
export const integer = (env: Env, name: string, fallback: number): number => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got '${raw}'.`);
  return value;
};
