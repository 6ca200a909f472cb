import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { ExchangeApi } from '../../../src/main/exchange/api';
import { ExchangeClient } from '../../../src/main/exchange/client';

/**
 * A small exchange on 127.0.0.1 that speaks the documented stream protocol: REST markets, trades
 * and websocket_token; JSON-RPC authorize, subscribe and ping on /ws, a depth snapshot after each
 * depth_subscribe. Tests push updates, drop sockets, or make it refuse or fall silent.
 */

/** /api/v4/public/markets: one market, as the exchange writes it. */
const MARKETS =
  '[{"name":"BTC_USDT","stock":"BTC","money":"USDT","stockPrec":"6","moneyPrec":"2",' +
  '"feePrec":"4","makerFee":"0.1","takerFee":"0.1","minAmount":"0.0001","minTotal":"1",' +
  '"maxTotal":"1000000","tradesEnabled":true,"type":"spot"}]';

interface Request {
  id: number;
  method: string;
  params: unknown[];
}

export class TinyExchange {
  readonly requests: Request[] = [];
  readonly sockets = new Set<WebSocket>();
  answerPings = true;
  /** What POST /api/v4/profile/websocket_token answers. */
  token = 'tok-123';
  refuseAuthorize = false;
  /** The error a refused authorize answers with. */
  authorizeRefusal: { code: number; message: string } = { code: 1, message: 'invalid argument' };
  /** No answer to authorize at all. */
  silentAuthorize = false;
  /** Markets whose depth_subscribe is refused (an error answer, as for a market it will not stream). */
  readonly refuseDepth = new Set<string>();
  /** The snapshot a depth_subscribe is answered with (then as a depth_update). */
  depthSnapshot: unknown = { update_id: 100, asks: [['101', '1']], bids: [['99', '1']] };
  /** Times (Date.now) of each POST /api/v4/profile/websocket_token. */
  readonly tokenRequests: number[] = [];
  private readonly clients: ExchangeClient[] = [];
  private readonly http: Server;
  private readonly wss: WebSocketServer;

  private constructor() {
    this.http = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/api/v4/public/markets') return res.end(MARKETS);
      if (req.url?.startsWith('/api/v4/public/trades/')) return res.end('[]');
      if (req.url === '/api/v4/profile/websocket_token') {
        this.tokenRequests.push(Date.now());
        return res.end(JSON.stringify({ websocket_token: this.token }));
      }
      res.statusCode = 404;
      res.end('{}');
    });
    this.wss = new WebSocketServer({ server: this.http, path: '/ws' });
    this.wss.on('connection', (socket) => this.accept(socket));
  }

  static async start(): Promise<TinyExchange> {
    const exchange = new TinyExchange();
    await new Promise<void>((resolve) => exchange.http.listen(0, '127.0.0.1', resolve));
    return exchange;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.http.address() as AddressInfo).port}`;
  }

  /** A client of this exchange with a (made-up) key, closed with it. */
  api(): ExchangeApi {
    const client = new ExchangeClient({
      baseUrl: this.url,
      credentials: async () => ({ apiKey: 'key', apiSecret: 'secret' }),
    });
    this.clients.push(client);
    return new ExchangeApi(client);
  }

  methods(): string[] {
    return this.requests.map((r) => r.method);
  }

  push(method: string, params: unknown): void {
    for (const socket of this.sockets) socket.send(JSON.stringify({ id: null, method, params }));
  }

  raw(frame: string): void {
    for (const socket of this.sockets) socket.send(frame);
  }

  dropAll(): void {
    for (const socket of this.sockets) socket.terminate();
  }

  private accept(socket: WebSocket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('message', (data) => {
      const request = JSON.parse(String(data)) as Request;
      this.requests.push(request);
      const answer = (result: unknown, error: unknown = null) =>
        socket.send(JSON.stringify({ id: request.id, result, error }));
      if (request.method === 'ping') {
        if (this.answerPings) answer('pong');
      } else if (request.method === 'authorize' && this.silentAuthorize) {
        return;
      } else if (request.method === 'authorize' && this.refuseAuthorize) {
        answer(null, this.authorizeRefusal);
      } else if (
        request.method === 'depth_subscribe' &&
        this.refuseDepth.has(String(request.params[0]))
      ) {
        answer(null, { code: 2, message: 'invalid argument' });
      } else {
        answer({ status: 'success' });
        if (request.method === 'depth_subscribe') {
          socket.send(
            JSON.stringify({
              id: null,
              method: 'depth_update',
              params: [true, this.depthSnapshot, request.params[0]],
            }),
          );
        }
      }
    });
  }

  async stop(): Promise<void> {
    for (const client of this.clients.splice(0)) client.close();
    this.dropAll();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    await new Promise<void>((resolve) => {
      this.http.close(() => resolve());
      this.http.closeAllConnections();
    });
  }
}
