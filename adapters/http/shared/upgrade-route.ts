import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';

/** A path of the API server that answers a protocol upgrade (WebSocket) instead of a request. */
export interface UpgradeRoute {
  /** Whether the path is this route's. */
  matches(pathname: string): boolean;
  /**
   * Takes over the socket: completes the upgrade, or answers it with an error and closes it. Once
   * upgraded, the route calls `held`: the socket then stops counting against the HTTP connection
   * cap (the route keeps a cap of its own), until it closes.
   */
  handle(request: IncomingMessage, socket: Duplex, head: Buffer, held: () => void): Promise<void>;
  /** Closes every connection the route holds (the server is stopping). */
  close(): Promise<void>;
}

const REASONS: Readonly<Record<number, string>> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

/** Answers an upgrade with a plain HTTP error in the contract's error body, then closes the socket. */
export const refuseUpgrade = (socket: Duplex, status: number, error: string, message: string): void => {
  const body = JSON.stringify({ error, message, details: {}, requestId: randomUUID() });
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
};
