import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { DealMessage } from '../../../core/deal-rooms/deal-room.ts';
import { DomainError } from '../../../core/shared/domain-error.ts';
import type { RoomTicket } from '../../../ports/deal-rooms/deal-room.ports.ts';
import type { DealRooms, Standing } from '../../../ports/deal-rooms/deal-rooms.use-case.ts';
import type { AccessChanges } from '../../../ports/shared/access-changes.ts';
import { unsafeText } from '../shared/text-input.ts';
import { refuseUpgrade, type UpgradeRoute } from '../shared/upgrade-route.ts';
import { viewMessage } from './deal-room.views.ts';
import { SocketQuota, type SocketCaps } from './socket-quota.ts';

interface SocketSettings {
  /** A connection that has not answered the previous ping by the next one is closed. */
  readonly heartbeatMs: number;
  /** Bytes queued for one connection beyond which it is dropped as too slow (never buffered without bound). */
  readonly maxBufferedBytes: number;
  /** Largest frame a client may send. */
  readonly maxPayloadBytes: number;
  /** Messages one connection may send per ten seconds (on top of its sender's request budget). */
  readonly messagesPer10s: number;
  /** How often every open connection's credential, role, membership and the feature flag are checked again. */
  readonly recheckMs: number;
  readonly caps: SocketCaps;
}

export const SOCKET_DEFAULTS: SocketSettings = {
  heartbeatMs: 30_000,
  maxBufferedBytes: 1024 * 1024,
  maxPayloadBytes: 16 * 1024,
  messagesPer10s: 30,
  recheckMs: 60_000,
  caps: { total: 2_000, perOrganization: 500, perAuthor: 50, perAuthorInRoom: 5, perRoom: 1_000 },
};

/** Close codes an open connection ends with when its standing lapses (4000 + the HTTP status). */
const CLOSE_CODES = { unauthenticated: 4401, forbidden: 4403 } as const;

/** How long a stopping server waits for clients to answer its closing handshake. */
const CLOSE_GRACE_MS = 1000;

const PATH = /^\/v1\/deal-rooms\/([A-Za-z0-9_-]{1,128})\/ws$/;

interface Connection {
  readonly socket: WebSocket;
  readonly ticket: RoomTicket;
  alive: boolean;
  windowStart: number;
  sent: number;
  /** A re-check of its standing is under way (one at a time). */
  checking: boolean;
}

/**
 * The deal rooms' WebSocket on the API port. The signed address of `GET …/ws` admits one author to
 * one room, once; anything else is refused at the upgrade (401, or 403 for a credential that no
 * longer takes part). Sockets are capped per process apart from HTTP connections, per
 * organization, per author and per author in a room (SocketQuota). An open connection answers to
 * its credential: checked again every `recheckMs` and at once when access in its organization
 * changes, it is closed with 4401 or 4403 when it no longer stands. Each stored message is
 * serialized once and sent to every connection of its room; a connection whose queue passes the
 * limit is dropped, and a silent one is closed at the next heartbeat.
 */
export class DealRoomSockets implements UpgradeRoute {
  private readonly server: WebSocketServer;
  private readonly rooms = new Map<string, Set<Connection>>();
  private readonly unsubscribe: () => void;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly recheck: NodeJS.Timeout;
  private readonly stopListening: () => void;
  private readonly quota: SocketQuota;
  private readonly dealRooms: DealRooms;
  private readonly settings: SocketSettings;
  private readonly logger: Logger;

  constructor(dealRooms: DealRooms, accessChanges: AccessChanges, logger: Logger, settings: SocketSettings = SOCKET_DEFAULTS) {
    this.dealRooms = dealRooms;
    this.settings = settings;
    this.logger = logger;
    this.quota = new SocketQuota(settings.caps);
    this.server = new WebSocketServer({ noServer: true, maxPayload: settings.maxPayloadBytes, perMessageDeflate: false, clientTracking: false });
    this.unsubscribe = dealRooms.subscribe((message) => this.deliver(message));
    this.heartbeat = setInterval(() => this.beat(), settings.heartbeatMs);
    this.heartbeat.unref();
    this.recheck = setInterval(() => this.recheckWhere(() => true), settings.recheckMs);
    this.recheck.unref();
    this.stopListening = accessChanges.subscribe((orgId) => this.recheckWhere((connection) => connection.ticket.orgId === orgId));
  }

  matches(pathname: string): boolean {
    return PATH.test(pathname);
  }

  async handle(request: IncomingMessage, socket: Duplex, head: Buffer, held: () => void): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://upgrade');
    const roomId = PATH.exec(url.pathname)?.[1] as string;
    const admission = await this.dealRooms.admit(roomId, url.searchParams.get('token') ?? '');
    if (!admission) {
      return refuseUpgrade(socket, 401, 'unauthenticated', 'The WebSocket address is expired, altered, used or for another room; ask GET …/ws for a new one.');
    }
    const { ticket, standing } = admission;
    if (standing.outcome === 'unauthenticated') return refuseUpgrade(socket, 401, 'unauthenticated', standing.reason);
    if (standing.outcome === 'forbidden') return refuseUpgrade(socket, 403, 'forbidden', standing.reason);
    const refusal = this.quota.take(ticket);
    if (refusal)
      return refuseUpgrade(socket, refusal.scope === 'total' ? 503 : 429, refusal.scope === 'total' ? 'service_unavailable' : 'rate_limited', refusal.message);
    let handed = false;
    socket.once('close', () => {
      if (!handed) this.quota.give(ticket);
    });
    this.server.handleUpgrade(request, socket, head, (websocket) => {
      handed = true;
      held();
      this.connected(websocket, ticket, `${ticket.orgId}:${roomId}`);
    });
  }

  /** Says goodbye (1001) to every connection; those that have not closed within a second are cut. */
  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    clearInterval(this.recheck);
    this.stopListening();
    this.unsubscribe();
    const open = [...this.rooms.values()].flatMap((connections) => [...connections]);
    this.rooms.clear();
    const closed = open.map((connection) => new Promise<void>((resolve) => connection.socket.once('close', () => resolve())));
    for (const connection of open) connection.socket.close(1001, 'server stopping');
    const grace = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref());
    await Promise.race([Promise.all(closed), grace]);
    for (const connection of open) connection.socket.terminate();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    await this.dealRooms.close();
  }

  private connected(socket: WebSocket, ticket: RoomTicket, key: string): void {
    const connection: Connection = { socket, ticket, alive: true, windowStart: Date.now(), sent: 0, checking: false };
    const connections = this.rooms.get(key) ?? new Set<Connection>();
    connections.add(connection);
    this.rooms.set(key, connections);
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('message', (data, isBinary) => this.received(connection, data, isBinary));
    socket.on('error', () => socket.terminate());
    socket.on('close', () => {
      connections.delete(connection);
      if (connections.size === 0 && this.rooms.get(key) === connections) this.rooms.delete(key);
      this.quota.give(ticket);
    });
  }

  /** Checks the standing of the open connections chosen again, closing those that no longer stand. */
  private recheckWhere(chosen: (connection: Connection) => boolean): void {
    for (const connections of this.rooms.values()) {
      for (const connection of connections) {
        if (connection.checking || !chosen(connection)) continue;
        connection.checking = true;
        this.dealRooms
          .standing(connection.ticket)
          .then((standing) => this.endUnlessStanding(connection, standing))
          .catch((error: unknown) => this.logger.warn({ err: error }, 'A deal-room connection could not be checked again; it stays open until the next check'))
          .finally(() => {
            connection.checking = false;
          });
      }
    }
  }

  private endUnlessStanding(connection: Connection, standing: Standing): void {
    if (standing.outcome === 'admitted' || connection.socket.readyState !== WebSocket.OPEN) return;
    connection.socket.close(CLOSE_CODES[standing.outcome], standing.reason.slice(0, 120));
    // A client that does not answer the closing handshake is cut off.
    setTimeout(() => connection.socket.terminate(), CLOSE_GRACE_MS).unref();
  }

  /** `{ "type": "message", "body": "…" }`, at most `maxPayloadBytes` (ws closes bigger frames with 1009). */
  private received(connection: Connection, data: RawData, isBinary: boolean): void {
    const now = Date.now();
    if (now - connection.windowStart >= 10_000) Object.assign(connection, { windowStart: now, sent: 0 });
    connection.sent += 1;
    if (connection.sent > this.settings.messagesPer10s)
      return this.refuse(connection, 'rate_limited', `At most ${this.settings.messagesPer10s} messages per 10 seconds.`);
    let parsed: unknown = null;
    try {
      parsed = isBinary ? null : JSON.parse(data.toString());
    } catch {
      // answered below
    }
    const body = (parsed as { type?: unknown; body?: unknown } | null)?.type === 'message' ? (parsed as { body?: unknown }).body : undefined;
    if (typeof body !== 'string') return this.refuse(connection, 'validation_failed', 'Send {"type":"message","body":"…"} as text.');
    if (unsafeText(body, 'block')) return this.refuse(connection, 'validation_failed', 'The body carries characters no message accepts.');
    this.dealRooms.postAs(connection.ticket, body.trim()).catch((error: unknown) => {
      if (error instanceof DomainError) return this.refuse(connection, error.code, error.message);
      this.logger.error({ err: error }, 'A deal room message from a WebSocket was not stored');
      this.refuse(connection, 'internal_error', 'The message was not stored; send it again.');
    });
  }

  private refuse(connection: Connection, error: string, message: string): void {
    if (connection.socket.readyState === WebSocket.OPEN) connection.socket.send(JSON.stringify({ type: 'error', error, message }));
  }

  private deliver(message: DealMessage): void {
    const connections = this.rooms.get(`${message.orgId}:${message.roomId}`);
    if (!connections) return;
    // Encoded once for the whole room: ws would otherwise convert the string for every socket.
    const frame = Buffer.from(JSON.stringify({ type: 'message', message: viewMessage(message) }));
    for (const connection of connections) {
      const { socket } = connection;
      if (socket.readyState !== WebSocket.OPEN) continue;
      // A client that does not read keeps its messages queued here: past the limit it is dropped.
      if (socket.bufferedAmount > this.settings.maxBufferedBytes) {
        socket.terminate();
        continue;
      }
      socket.send(frame, { binary: false });
    }
  }

  private beat(): void {
    for (const connections of this.rooms.values()) {
      for (const connection of connections) {
        if (!connection.alive) {
          connection.socket.terminate();
          continue;
        }
        connection.alive = false;
        connection.socket.ping();
      }
    }
  }
}
