import type { Mailer } from '../../ports/notifications/mailer.port.ts';

/** Production without a mail provider: nothing is pretended sent, so queued mail stays queued with this reason. */
export class UnconfiguredMailer implements Mailer {
  async send(): Promise<void> {
    throw new Error('No mail provider is configured for this environment.');
  }
}
