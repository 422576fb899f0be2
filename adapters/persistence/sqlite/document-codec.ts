import { instantFromIso, isoInstant } from '../../../core/shared/iso-instant.ts';
/**
 * JSON with dates kept as dates (`{"$date": "<ISO>"}`), so that TTL indexes and date filters
 * behave as in MongoDB. Both directions walk the value themselves and leave the text to the
 * native JSON functions: a replacer or reviver function is called for every key and costs
 * several times the parse itself.
 */
const tagDates = (value: unknown): unknown => {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return { $date: isoInstant(value) };
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i += 1) {
      const tagged = tagDates(value[i]);
      if (tagged !== value[i]) (copy ??= [...value])[i] = tagged;
    }
    return copy ?? value;
  }
  let copy: Record<string, unknown> | null = null;
  for (const key in value) {
    const field = (value as Record<string, unknown>)[key];
    const tagged = tagDates(field);
    if (tagged !== field) (copy ??= { ...(value as Record<string, unknown>) })[key] = tagged;
  }
  return copy ?? value;
};

const untagDates = (value: unknown): unknown => {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) value[i] = untagDates(value[i]);
    return value;
  }
  const record = value as Record<string, unknown>;
  const tag = record.$date;
  if (typeof tag === 'string') {
    let keys = 0;
    for (const _ in record) keys += 1;
    if (keys === 1) return instantFromIso(tag);
  }
  for (const key in record) record[key] = untagDates(record[key]);
  return record;
};

export const encodeDocument = (value: unknown): string => JSON.stringify(tagDates(value));

export const decodeDocument = <T>(text: string): T => {
  const parsed: unknown = JSON.parse(text);
  return (text.includes('"$date"') ? untagDates(parsed) : parsed) as T;
};
