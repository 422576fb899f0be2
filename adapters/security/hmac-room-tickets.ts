import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CredentialRef } from '../../core/shared/access/principal.ts';
import type { RoomTicket, RoomTickets } from '../../ports/deal-rooms/deal-room.ports.ts';

/** Longer than any ticket this class issues: anything longer is refused before it is parsed. */
const MAX_TOKEN_LENGTH = 1024;

/**
 * `<payload>.<mac>`: the ticket as base64url JSON and its HMAC-SHA256, keyed apart from every
 * other use of the secret. Checked in constant time before the payload is read.
 */
export class HmacRoomTickets implements RoomTickets {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('deal-room-tickets').digest();
  }

  issue(ticket: RoomTicket): string {
    const payload = Buffer.from(
      JSON.stringify({
        i: ticket.id,
        o: ticket.orgId,
        r: ticket.roomId,
        a: ticket.authorId,
        c: ticket.credential,
        e: Math.floor(ticket.expiresAt.getTime() / 1000),
      }),
    ).toString('base64url');
    return `${payload}.${this.mac(payload).toString('base64url')}`;
  }

  verify(token: string, now: Date): RoomTicket | null {
    if (token.length > MAX_TOKEN_LENGTH) return null;
    const [payload, mac, extra] = token.split('.');
    if (!payload || !mac || extra !== undefined) return null;
    const given = Buffer.from(mac, 'base64url');
    const expected = this.mac(payload);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
        i: unknown;
        o: string;
        r: string;
        a: string;
        c: CredentialRef | undefined;
        e: number;
      };
      if (typeof claims.e !== 'number' || claims.e * 1000 <= now.getTime()) return null;
      // Tickets without an id or a credential predate single use and re-checks: not admitted.
      if (typeof claims.i !== 'string' || typeof claims.c?.kind !== 'string') return null;
      return { id: claims.i, orgId: claims.o, roomId: claims.r, authorId: claims.a, credential: claims.c, expiresAt: new Date(claims.e * 1000) };
    } catch {
      return null;
    }
  }

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.key).update(payload).digest();
  }
}
