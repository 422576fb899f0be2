/**
 * RFC 4180 CSV: fields with a comma, quote or line break are quoted, quotes doubled. A text cell
 * a spreadsheet would read as a formula (=, +, -, @, tab, carriage return first) starts with an
 * apostrophe; numbers are written as numbers.
 */
const cell = (value: string | number | null): string => {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
};

/** One record of a CSV file, with its line break. */
export const csvLine = (row: readonly (string | number | null)[]): string => `${row.map(cell).join(',')}\r\n`;

export const toCsv = (header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string => [header, ...rows].map(csvLine).join('');
