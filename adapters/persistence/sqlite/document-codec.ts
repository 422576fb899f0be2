/** JSON with dates kept as dates, so that TTL indexes and date filters behave as in MongoDB. */
export const encodeDocument = (value: unknown): string =>
  JSON.stringify(value, function replacer(this: Record<string, unknown>, key: string, encoded: unknown) {
    const raw = this[key];
    return raw instanceof Date ? { $date: raw.toISOString() } : encoded;
  });

export const decodeDocument = <T>(text: string): T =>
  JSON.parse(text, (_key, value: unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const tagged = value as { $date?: unknown };
      if (typeof tagged.$date === 'string' && Object.keys(value).length === 1) return new Date(tagged.$date);
    }
    return value;
  }) as T;
