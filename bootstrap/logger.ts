import pino, { type DestinationStream, type Logger } from 'pino';
import type { AccessLineWriter } from '../adapters/http/shared/access-log.ts';
import { isoInstant } from '../core/shared/iso-instant.ts';

/** Credentials never reach the logs, wherever they appear in a logged object. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.secret',
  '*.apiSecret',
  '*.jwtSecret',
  '*.token',
  '*.sessionToken',
  '*.key',
  '*.apiKey',
  'password',
  'secret',
  'token',
  'key',
  'secrets',
  '*.secrets',
];

/**
 * Synchronous stdout: each line is written before the call returns, so a crash or a kill loses
 * none, and the start line shows at once.
 */
const stdoutDestination = (): DestinationStream => pino.destination({ dest: 1, sync: true });

/**
 * pino's ISO timestamp, made once per millisecond: a busy service logs many lines in each, and
 * formatting the date for each costs more than the rest of an access line's fields.
 */
const isoTimestamp = (): (() => string) => {
  let last = -1;
  let text = '';
  return () => {
    const now = Date.now();
    if (now !== last) {
      last = now;
      text = `,"time":"${isoInstant(new Date(now))}"`;
    }
    return text;
  };
};

export const createLogger = (level: string, destination: DestinationStream = stdoutDestination()): Logger =>
  pino(
    {
      level,
      base: { service: 'insurance-platform' },
      redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
      timestamp: isoTimestamp(),
    },
    destination,
  );

/** Access lines held at most before they are written, whatever the turn. */
const MAX_HELD_CHARACTERS = 64 * 1024;

/** Writers holding lines, written out if the process exits before their turn ends. */
const holding = new Set<() => void>();
let exitHooked = false;
const writeHeldOnExit = (flush: () => void): void => {
  holding.add(flush);
  if (exitHooked) return;
  exitHooked = true;
  process.once('exit', () => {
    for (const held of holding) held();
  });
};

/** Writes request lines; `flush` writes at once the lines of the turn in progress. */
export interface AccessLogger extends AccessLineWriter {
  flush(): void;
}

/**
 * One line per request, as pino would write it from a child logger `{ component: 'access' }`:
 * the level, the time, the bindings, the entry's fields, the message, in one `JSON.stringify` of
 * the entry (pino's field-by-field serialization cost about 2 µs a line).
 *
 * The lines of one turn of the event loop are written together at its end, as the answers are
 * (AnswerBatch): one write a turn instead of one a request, which on a synchronous stdout is one
 * system call a request less. They are written on exit and when the service stops; a SIGKILL
 * loses the lines of the turn in progress, a few milliseconds of requests (the audit trail of
 * writes is in the store, not here). The HTTP adapter builds its entries with credential headers
 * already replaced, so no path is redacted here.
 */
export const createAccessLogger = (logger: Logger): AccessLogger => {
  const stream = (logger as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym] as DestinationStream;
  const bindings = JSON.stringify({ ...logger.bindings(), component: 'access' }).slice(1, -1);
  const level = logger.levels.values.info as number;
  const time = isoTimestamp();
  // Lines joined once when written: a string grown by `+=` is a chain of pieces that every
  // later step (its length in bytes, its encoding) walks again.
  let held: string[] = [];
  let heldCharacters = 0;
  let turnEnd: NodeJS.Immediate | null = null;
  const flush = (): void => {
    if (turnEnd) clearImmediate(turnEnd);
    turnEnd = null;
    holding.delete(flush);
    if (held.length === 0) return;
    const lines = held.join('');
    held = [];
    heldCharacters = 0;
    stream.write(lines);
  };
  return {
    info(entry, message) {
      if (!logger.isLevelEnabled('info')) return;
      const fields = JSON.stringify(entry);
      const separator = fields.length > 2 ? ',' : '';
      const line = `{"level":${level}${time()},${bindings}${separator}${fields.slice(1, -1)},"msg":${JSON.stringify(message)}}\n`;
      held.push(line);
      heldCharacters += line.length;
      if (heldCharacters >= MAX_HELD_CHARACTERS) flush();
      else if (!turnEnd) {
        turnEnd = setImmediate(flush);
        writeHeldOnExit(flush);
      }
    },
    flush,
  };
};
