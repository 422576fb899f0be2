/** How many deal-room sockets may be open at once, in this process. */
export interface SocketCaps {
  /** Every deal-room socket of the process, apart from (and on top of) the HTTP connection cap. */
  readonly total: number;
  /** One organization's sockets: a tenant cannot take every slot. */
  readonly perOrganization: number;
  /** One author's sockets across its organization's rooms. */
  readonly perAuthor: number;
  /** One author's sockets in one room. */
  readonly perAuthorInRoom: number;
  /** Every participant's sockets in one room. */
  readonly perRoom: number;
}

interface SocketHolder {
  readonly orgId: string;
  readonly roomId: string;
  readonly authorId: string;
}

/** Which cap a refused socket hit: the process's own (503) or the caller's or its tenant's share (429). */
type QuotaRefusal = { readonly scope: 'total'; readonly message: string } | { readonly scope: 'share'; readonly message: string };

/**
 * Counts open sockets by process, organization, author, room and author in room. Taking a slot is
 * synchronous (checked and counted in one step of the event loop), so concurrent upgrades never
 * pass a cap together; each slot taken is given back exactly once, when its socket closes.
 */
export class SocketQuota {
  private readonly caps: SocketCaps;
  private readonly counts = new Map<string, number>();

  constructor(caps: SocketCaps) {
    this.caps = caps;
  }

  /** Takes a slot for the holder, or says which cap refuses it. */
  take(holder: SocketHolder): QuotaRefusal | null {
    const keys = this.keysOf(holder);
    const limits: readonly [string, number, QuotaRefusal][] = [
      [keys[0], this.caps.total, { scope: 'total', message: `The service holds ${this.caps.total} deal-room connections, its limit; retry later.` }],
      [
        keys[1],
        this.caps.perOrganization,
        { scope: 'share', message: `The organization has ${this.caps.perOrganization} deal-room connections open, its limit.` },
      ],
      [keys[2], this.caps.perAuthor, { scope: 'share', message: `You have ${this.caps.perAuthor} deal-room connections open, the limit per person.` }],
      [keys[3], this.caps.perRoom, { scope: 'share', message: `The room has ${this.caps.perRoom} connections, its limit.` }],
      [
        keys[4],
        this.caps.perAuthorInRoom,
        { scope: 'share', message: `You have ${this.caps.perAuthorInRoom} connections to this room, the limit per person.` },
      ],
    ];
    for (const [key, limit, refusal] of limits) if ((this.counts.get(key) ?? 0) >= limit) return refusal;
    for (const key of keys) this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    return null;
  }

  give(holder: SocketHolder): void {
    for (const key of this.keysOf(holder)) {
      const left = (this.counts.get(key) ?? 1) - 1;
      if (left <= 0) this.counts.delete(key);
      else this.counts.set(key, left);
    }
  }

  private keysOf({ orgId, roomId, authorId }: SocketHolder): [string, string, string, string, string] {
    return ['all', `org|${orgId}`, `author|${orgId}|${authorId}`, `room|${orgId}|${roomId}`, `author-room|${orgId}|${roomId}|${authorId}`];
  }
}
