import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  readonly from: string;
  readonly to: string[];
  /** The message as the server received it (headers and body). */
  readonly raw: string;
}

export interface SmtpSink {
  readonly url: string;
  readonly received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server) on loopback that requires authentication and keeps what it
 * accepts. Recipients at `refused.example` are refused, as a real server refuses unknown mailboxes.
 */
export const startSmtpSink = async (credentials = { user: 'mailer', pass: 'mail-secret' }): Promise<SmtpSink> => {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _session, callback) =>
      auth.username === credentials.user && auth.password === credentials.pass
        ? callback(null, { user: auth.username })
        : callback(new Error('Invalid username or password')),
    onRcptTo: (address, _session, callback) => (address.address.endsWith('@refused.example') ? callback(new Error('Mailbox unavailable')) : callback()),
    onData: (stream, session, callback) => {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${credentials.user}:${credentials.pass}@127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};
