import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { validationFailed } from '../../../core/shared/domain-error.ts';
import { csvLine } from '../../../core/shared/csv.ts';
import type { Bordereau, BordereauLine } from '../../../ports/reports/bordereaux.use-case.ts';

/** How a bordereau is answered, picked by `Accept`: CSV (the default), NDJSON, or JSON pages. */
export type BordereauFormat = 'csv' | 'ndjson' | 'json';

const MEDIA_TYPES: Record<string, BordereauFormat> = { 'text/csv': 'csv', 'application/x-ndjson': 'ndjson', 'application/json': 'json' };

/** The first media type of `Accept` that a bordereau comes in (in the order listed); CSV otherwise. */
export const formatOf = (accept: string | undefined): BordereauFormat => {
  for (const range of (accept ?? '').split(',', 20)) {
    const format = MEDIA_TYPES[(range.split(';', 1)[0] ?? '').trim().toLowerCase()];
    if (format) return format;
  }
  return 'csv';
};

/** A line as an object keyed by the bordereau's columns. */
const asObject = (columns: readonly string[], line: BordereauLine): Record<string, string | number | null> =>
  Object.fromEntries(columns.map((column, index) => [column, line.cells[index] ?? null]));

/**
 * The longest a bordereau's lines are made without a turn of the event loop. The embedded store
 * reads synchronously, so lines come from promises that resolve at once: without a turn, nothing
 * reaches the socket until its buffer is full (a month with few lines among many policies sent its
 * first byte after a quarter of a second), and every other request waits meanwhile.
 */
const TURN_MS = 10;

/** The whole bordereau as a stream: CSV with its header line, or one JSON object per line. */
export const streamOf = (bordereau: Bordereau, format: 'csv' | 'ndjson'): Readable =>
  Readable.from(
    (async function* () {
      if (format === 'csv') yield csvLine(bordereau.columns);
      // The answer starts at once (status, headers, the CSV header line), before any line is made.
      await nextTurn();
      let turned = performance.now();
      for await (const line of bordereau.lines(null)) {
        yield format === 'csv' ? csvLine(line.cells) : `${JSON.stringify(asObject(bordereau.columns, line))}\n`;
        if (performance.now() - turned < TURN_MS) continue;
        await nextTurn();
        turned = performance.now();
      }
    })(),
  );

const encodeCursor = (key: string): string => Buffer.from(key, 'utf8').toString('base64url');

const decodeCursor = (cursor: string | undefined): string | null => {
  if (cursor === undefined) return null;
  const key = Buffer.from(cursor, 'base64url').toString('utf8');
  if (key.length === 0 || encodeCursor(key) !== cursor) throw validationFailed('cursor', 'format', "'cursor' is not a cursor returned by this API.");
  return key;
};

/** One JSON page of lines after the cursor, with the cursor of the next page (null at the end). */
export const pageOf = async (bordereau: Bordereau, limit: number, cursor: string | undefined) => {
  const data: BordereauLine[] = [];
  let more = false;
  for await (const line of bordereau.lines(decodeCursor(cursor))) {
    if (data.length === limit) {
      more = true;
      break;
    }
    data.push(line);
  }
  const last = data.at(-1);
  return {
    columns: bordereau.columns,
    closed: bordereau.closedAt !== null,
    data: data.map((line) => asObject(bordereau.columns, line)),
    nextCursor: more && last ? encodeCursor(last.key) : null,
  };
};
