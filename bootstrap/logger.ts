import pino, { type DestinationStream, type Logger } from 'pino';

/** Credentials never reach the logs, wherever they appear in a logged object. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["stripe-signature"]',
  'req.headers["identity-signature"]',
  'req.headers["wh-signature"]',
  'req.headers["x-webhook-signature"]',
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

export const createLogger = (level: string, destination?: DestinationStream): Logger =>
  pino(
    {
      level,
      base: { service: 'insurance-platform' },
      redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
