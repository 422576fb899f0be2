import type { AddressInfo } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import restify from 'restify';
import type { Logger } from 'pino';
import { DomainError } from '../../../core/shared/domain-error.ts';
import type { RequestPipeline } from './request-pipeline.ts';
import type { HttpMethod, RouteDefinition } from './route.ts';
import { refuseUpgrade, type UpgradeRoute } from './upgrade-route.ts';

const REGISTER: Record<HttpMethod, 'get' | 'post' | 'put' | 'patch' | 'del'> = {
  GET: 'get',
  POST: 'post',
  PUT: 'put',
  PATCH: 'patch',
  DELETE: 'del',
};

type RestifyRequest = restify.Request & IncomingMessage;
type RestifyResponse = restify.Response & ServerResponse;

/** Socket limits: how long a client may take, and how many may be connected at once. */
interface SocketLimits {
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly keepAliveTimeoutMs: number;
  readonly maxConnections: number;
}

/** One restify server over a list of routes, all served through the request pipeline. */
export class HttpServer {
  private readonly server: restify.Server;
  private readonly pipeline: RequestPipeline;
  private readonly upgrades: readonly UpgradeRoute[];

  constructor(
    name: string,
    routes: readonly RouteDefinition[],
    pipeline: RequestPipeline,
    logger: Logger,
    limits: SocketLimits,
    upgrades: readonly UpgradeRoute[] = [],
  ) {
    this.pipeline = pipeline;
    this.upgrades = upgrades;
    // An empty name keeps restify from announcing the product in a `Server` header.
    this.server = restify.createServer({
      name: '',
      handleUncaughtExceptions: false,
      log: logger.child({ component: 'restify', server: name }),
    } as unknown as restify.ServerOptions);
    const http = this.server.server;
    // A client trickling its headers or body in is cut off instead of holding a socket for
    // Node's 300-second default; idle kept-alive sockets are closed; connections are capped.
    http.headersTimeout = limits.headersTimeoutMs;
    http.requestTimeout = limits.requestTimeoutMs;
    http.keepAliveTimeout = limits.keepAliveTimeoutMs;
    http.maxConnections = limits.maxConnections;
    // Node enforces the two timeouts above on a sweep every 30 s by default, which would let a
    // trickling client hold its socket up to 30 s past them.
    (http as unknown as { connectionsCheckingInterval: number }).connectionsCheckingInterval = 1_000;
    for (const route of routes) {
      this.server[REGISTER[route.method]](route.path, async (request: restify.Request, response: restify.Response) => {
        await pipeline.serve(route, request as RestifyRequest, response as RestifyResponse, { ...(request.params as Record<string, string>) });
      });
    }
    // Upgrade requests never reach restify: Node hands them over as 'upgrade' events.
    http.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      socket.on('error', () => socket.destroy());
      const pathname = new URL(request.url ?? '/', 'http://upgrade').pathname;
      const route = this.upgrades.find((candidate) => candidate.matches(pathname));
      if (!route) return refuseUpgrade(socket, 404, 'not_found', 'No WebSocket is served on this path.');
      // An upgraded socket is no longer an HTTP connection: the cap grows by one while it is open,
      // so however many WebSockets are held, HTTP keeps every one of its own connections.
      const held = () => {
        http.maxConnections += 1;
        socket.once('close', () => (http.maxConnections -= 1));
      };
      route.handle(request, socket, head, held).catch((error: unknown) => {
        logger.error({ err: error }, 'WebSocket upgrade failed');
        refuseUpgrade(socket, 503, 'service_unavailable', 'The connection could not be set up; retry.');
      });
    });
    // restify reports unmatched requests as events; they answer in the same error shape.
    this.server.on('NotFound', (request: RestifyRequest, response: RestifyResponse) => {
      void pipeline.reject(new DomainError('not_found', 'No route matches this path.'), request, response);
    });
    this.server.on('MethodNotAllowed', (request: RestifyRequest, response: RestifyResponse) => {
      void pipeline.reject(new DomainError('method_not_allowed', `${request.method} is not supported on this path.`), request, response);
    });
  }

  async listen(port: number, host: string): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      // restify passes the listening socket's errors (a busy port) on as its own 'error' event.
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    return (this.server.address() as AddressInfo).port;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** Stops accepting, lets requests in progress finish (up to the grace period), then closes. */
  async stop(graceMs = 10_000): Promise<void> {
    await Promise.all(this.upgrades.map((route) => route.close()));
    const closed = new Promise<void>((resolve) => this.server.server.close(() => resolve()));
    this.server.server.closeIdleConnections();
    const timer = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
    await Promise.race([this.pipeline.idle(), timer]);
    this.server.server.closeAllConnections();
    await closed;
  }
}
