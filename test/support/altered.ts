/**
 * The same text with one character changed well inside it: the last character of base64url
 * carries padding bits a decoder ignores, so changing it may change nothing at all.
 */
export const alteredInside = (value: string): string => `${value.slice(0, -5)}${value.at(-5) === 'A' ? 'B' : 'A'}${value.slice(-4)}`;
