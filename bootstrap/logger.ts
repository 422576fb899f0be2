import pino, { type DestinationStream, type Logger } from 'pino';

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
      text = `,"time":"${new Date(now).toISOString()}"`;
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

/**
 * One line per request. The HTTP adapter builds its entries with credential headers already
 * replaced, so this logger skips the path scans that would cost as much as the rest of the line.
 */
export const createAccessLogger = (logger: Logger): Logger => logger.child({ component: 'access' }, { redact: { paths: [] } });
