import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * A hostile exchange on 127.0.0.1 (rule 9, docs/architecture.md). It checks no signature. In mode 'benign' it
 * answers like the exchange (a valid body for every endpoint the app reads, each with decimals in
 * it), so that a custom profile can be added (verifyKey: main balance, then trade balance, flex plans,
 * sub-accounts). The mode is switched at run time with `setMode()`; every other mode answers every
 * request with something an exchange should never send.
 *
 * Its `/ws` (`ws` below) speaks the stream's protocol far enough for the app to go live (any
 * token authorizes, every subscribe succeeds, depth answers with a snapshot) and then sends what
 * it is told: any frame, a flood of balance and order updates at a given rate, or a refusal of a
 * market's depth and trades subscriptions.
 */

export const HOSTILE_MODES = [
  'benign',
  'html',
  'truncated',
  'huge',
  'deep',
  'wrong-types',
  'exponents',
  'negative',
  'redirect',
  'slow',
  'hang',
] as const;

export type HostileMode = (typeof HOSTILE_MODES)[number];

export interface HostileExchange {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  mode(): HostileMode;
  setMode(mode: HostileMode): void;
  /** Requests answered, per mode. */
  readonly requests: Record<HostileMode, number>;
  /** Requests that reached the redirect target (must stay 0: redirects are never followed). */
  redirectsFollowed(): number;
  /** Bytes written by the 'huge' mode in all. */
  hugeBytesSent(): number;
  /** The stream (`/ws`). */
  readonly ws: HostileStream;
  stop(): Promise<void>;
}

export interface HostileStream {
  /** The token POST /api/v4/profile/websocket_token hands out. */
  readonly token: string;
  /** When (Date.now) each token was asked for. */
  readonly tokenRequests: number[];
  /** Connections opened so far, and those authorized and open now. */
  connections(): number;
  live(): number;
  /** Frames sent so far (answers and updates). */
  framesSent(): number;
  /** Sends a frame as is to every authorized connection. */
  send(frame: string): void;
  /** Markets whose depth_subscribe and trades_subscribe are refused with an error answer. */
  readonly refused: Set<string>;
  /**
   * Balance and order updates (half each) at `perSecond` to every authorized connection, for
   * `seconds`: resolves when done. Balances of 50 assets, orders of ids 1..5,000 on BTC_USDT
   * (placed, updated, finished).
   */
  flood(perSecond: number, seconds: number): Promise<void>;
}

export interface HostileOptions {
  /** Bytes the 'huge' mode streams per answer (default 50 MB). */
  hugeBytes?: number;
  /** The 'slow' mode writes one byte every this many ms (default 250), for ever. */
  trickleMs?: number;
}

// ---------------------------------------------------------------------------------------------
// The benign exchange: one valid answer per endpoint, with decimals wherever the API has them
// ---------------------------------------------------------------------------------------------

const NOW_S = 1_700_000_000;

const order = (id: number) => ({
  order_id: id,
  client_order_id: '',
  market: 'BTC_USDT',
  side: 'buy',
  type: 'limit',
  timestamp: NOW_S,
  deal_money: '0',
  deal_stock: '0',
  amount: '0.001',
  left: '0.001',
  deal_fee: '0',
  price: '40000',
});

const leg = (id: number) => ({
  ...order(id),
  type: 'stop limit',
  activation_price: '39000',
  activation_condition: 'lte',
  activated: false,
});

const oco = { id: 7, stop_loss: leg(8), take_profit: { ...leg(9), type: 'limit' } };

const BENIGN: Record<string, unknown> = {
  '/api/v4/public/ping': ['pong'],
  '/api/v4/public/time': { time: NOW_S },
  '/api/v4/public/markets': [
    {
      name: 'BTC_USDT',
      stock: 'BTC',
      money: 'USDT',
      stockPrec: '6',
      moneyPrec: '2',
      feePrec: '4',
      makerFee: '0.001',
      takerFee: '0.001',
      minAmount: '0.0001',
      minTotal: '1',
      maxTotal: '10000000',
      tradesEnabled: true,
      type: 'spot',
    },
  ],
  '/api/v4/public/ticker': {
    BTC_USDT: {
      last_price: '40000.5',
      quote_volume: '1000000',
      base_volume: '25.5',
      change: '1.25',
      is_frozen: false,
    },
  },
  '/api/v4/public/assets': {
    BTC: {
      name: 'Bitcoin',
      can_deposit: true,
      can_withdraw: true,
      currency_precision: 8,
      min_withdraw: '0.001',
      max_withdraw: '100',
    },
    USDT: { name: 'Tether', can_deposit: true, can_withdraw: true, currency_precision: 6 },
  },
  '/api/v4/public/orderbook/BTC_USDT': {
    ticker_id: 'BTC_USDT',
    timestamp: NOW_S,
    asks: [['40001', '0.5']],
    bids: [['39999', '0.25']],
  },
  '/api/v4/main-account/balance': {
    BTC: { main_balance: '0.5' },
    USDT: { main_balance: '1000.25' },
  },
  '/api/v4/trade-account/balance': {
    BTC: { available: '0.1', freeze: '0.01' },
    USDT: { available: '500', freeze: '10.5' },
  },
  '/api/v4/orders': [order(1), order(2)],
  '/api/v4/orders/conditional': {
    limit: 100,
    offset: 0,
    total: 1,
    records: [{ ...oco, type: 'oco' }],
  },
  '/api/v4/orders/oco': [oco],
  '/api/v4/main-account/smart-flex/plans': [
    {
      id: '6f9c5a3e-1111-4a2b-9c3d-000000000001',
      ticker: 'USDT',
      min_investment: '10',
      max_investment: '100000',
      max_rate: '0.05',
    },
  ],
  '/api/v4/main-account/smart-flex/investments': {
    data: [
      {
        id: 'inv-1',
        plan_id: '6f9c5a3e-1111-4a2b-9c3d-000000000001',
        currency: 'USDT',
        invested: '250.5',
        with_auto_reinvest: false,
        status: 'ACTIVE',
        created_at: NOW_S,
        updated_at: NOW_S,
      },
    ],
    limit: 100,
    offset: 0,
  },
  '/api/v4/main-account/smart-flex/investments/payment-history': {
    data: [
      {
        created_at: NOW_S,
        plan_id: '6f9c5a3e-1111-4a2b-9c3d-000000000001',
        investment_id: 'inv-1',
        currency: 'USDT',
        amount: '0.082191',
        transaction_id: 'tx-1',
        action_type: 4,
      },
    ],
    limit: 100,
    offset: 0,
  },
  '/api/v4/main-account/history': {
    limit: 100,
    offset: 0,
    total: 1,
    records: [
      {
        address: 'bc1qexampleaddress',
        unique_id: null,
        created_at: NOW_S,
        currency: 'Bitcoin',
        ticker: 'BTC',
        method: 1,
        amount: '0.25',
        description: '',
        memo: '',
        fee: '0.0001',
        status: 3,
        network: null,
        transaction_hash: 'a1b2c3',
        transaction_id: 't-1',
      },
    ],
  },
  '/api/v4/mining/hashrate': {
    data: {
      account: 'rig',
      hashrate: [
        { timestamp: NOW_S, hashrate: '123456.5' },
        { timestamp: NOW_S + 3600, hashrate: '120000' },
      ],
    },
  },
  '/api/v4/profile/websocket_token': { websocket_token: 'hostile-ws-token-7f3a9c1e5b2d4068' },
  '/api/v4/sub-account/list': {
    offset: 0,
    limit: 100,
    data: [
      {
        id: '6f9c5a3e-2222-4a2b-9c3d-000000000002',
        alias: 'desk',
        email: 'desk@example.com',
        status: 'active',
      },
    ],
  },
};

/** The deployed server's paths (api-v4-notes §4) answer like the spec's. */
BENIGN['/api/v4/conditional-orders'] = BENIGN['/api/v4/orders/conditional'];
BENIGN['/api/v4/oco-orders'] = BENIGN['/api/v4/orders/oco'];

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/** Every value rewritten by `leaf` (strings, numbers, booleans), structure kept. */
function mapLeaves(value: unknown, leaf: (value: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => mapLeaves(item, leaf));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapLeaves(v, leaf)]));
  }
  return leaf(value);
}

/** Every decimal (as text) "1e600000000". */
const withHugeExponents = (body: unknown) =>
  mapLeaves(body, (v) => (typeof v === 'string' && DECIMAL_TEXT.test(v) ? '1e600000000' : v));

/** Every number negative (zero becomes -1), as text or as a number. */
const withNegatives = (body: unknown) =>
  mapLeaves(body, (v) => {
    if (typeof v === 'number') return v === 0 ? -1 : -Math.abs(v);
    if (typeof v === 'string' && DECIMAL_TEXT.test(v)) {
      return /^-?0+(\.0+)?$/.test(v) ? '-1' : `-${v.replace(/^-/, '')}`;
    }
    return v;
  });

/** Strings where numbers are, arrays where strings are, objects where arrays are. */
function withWrongTypes(value: unknown): unknown {
  if (Array.isArray(value)) return { items: value.map(withWrongTypes) };
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withWrongTypes(v)]));
  }
  if (typeof value === 'number') return 'many';
  if (typeof value === 'boolean') return 'perhaps';
  if (typeof value === 'string') return DECIMAL_TEXT.test(value) ? { amount: value } : [value];
  return value;
}

const HTML_PAGE =
  '<!doctype html><html><head><title>Welcome to the exchange!</title>' +
  '<script>alert(1)</script></head><body>' +
  '<p>Error at Object.parse (/srv/app/index.js:12:34)</p>'.repeat(50) +
  '</body></html>';

// ---------------------------------------------------------------------------------------------
// The server
// ---------------------------------------------------------------------------------------------

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** A stream order (ordersPending_update's second param) as the exchange writes one. */
export function streamOrder(id: number, left = '0.001'): Record<string, unknown> {
  return {
    id,
    market: 'BTC_USDT',
    type: 1,
    side: 2,
    ctime: NOW_S,
    price: '40000',
    amount: '0.001',
    left,
    deal_stock: '0',
    deal_money: '0',
    deal_fee: '0',
    client_order_id: '',
    status: 'OPEN',
  };
}

const update = (method: string, params: unknown) => JSON.stringify({ id: null, method, params });

/** The /ws of the hostile exchange (see HostileStream). */
function hostileStream(server: Server, token: string) {
  const wss = new WebSocketServer({ server, path: '/ws' });
  const authorized = new Set<WebSocket>();
  const refused = new Set<string>();
  const tokenRequests: number[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let connections = 0;
  let frames = 0;
  const sendTo = (socket: WebSocket, frame: string) => {
    frames += 1;
    socket.send(frame);
  };
  wss.on('connection', (socket) => {
    connections += 1;
    socket.on('close', () => authorized.delete(socket));
    socket.on('error', () => undefined);
    socket.on('message', (data) => {
      let request: { id?: unknown; method?: unknown; params?: unknown[] };
      try {
        request = JSON.parse(String(data)) as typeof request;
      } catch {
        return socket.close();
      }
      const answer = (result: unknown, error: unknown = null) =>
        sendTo(socket, JSON.stringify({ id: request.id, result, error }));
      const market = String(request.params?.[0]);
      switch (request.method) {
        case 'ping':
          return answer('pong');
        case 'authorize':
          authorized.add(socket);
          return answer({ status: 'success' });
        case 'depth_subscribe':
        case 'trades_subscribe':
          if (refused.has(market)) return answer(null, { code: 2, message: 'invalid argument' });
          answer({ status: 'success' });
          if (request.method === 'depth_subscribe') {
            const snapshot = { update_id: 1, asks: [['40001', '0.5']], bids: [['39999', '0.25']] };
            sendTo(socket, update('depth_update', [true, snapshot, market]));
          }
          return;
        default:
          return answer({ status: 'success' });
      }
    });
  });
  const stream: HostileStream = {
    token,
    tokenRequests,
    refused,
    connections: () => connections,
    live: () => authorized.size,
    framesSent: () => frames,
    send(frame) {
      for (const socket of authorized) sendTo(socket, frame);
    },
    flood(perSecond, seconds) {
      // A batch every 10 ms: perSecond / 100 frames each time.
      const batch = Math.max(1, Math.round(perSecond / 100));
      let sent = 0;
      let tick = 0;
      return new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          tick += 1;
          for (let i = 0; i < batch; i += 1, sent += 1) {
            const id = 1 + (sent % 5_000);
            const frame =
              sent % 2
                ? update('balanceSpot_update', [
                    { [`T${sent % 50}`]: { available: String(sent), freeze: '0' } },
                  ])
                : update('ordersPending_update', [
                    1 + (Math.floor(sent / 10_000) % 3),
                    streamOrder(id, `0.000${1 + (sent % 9)}`),
                  ]);
            stream.send(frame);
          }
          if (tick >= seconds * 100) {
            clearInterval(timer);
            timers.delete(timer);
            resolve();
          }
        }, 10);
        timers.add(timer);
      });
    },
  };
  return {
    stream,
    noteToken: () => tokenRequests.push(Date.now()),
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearInterval(timer);
        for (const socket of wss.clients) socket.terminate();
        wss.close(() => resolve());
      }),
  };
}

export async function startHostileExchange(options: HostileOptions = {}): Promise<HostileExchange> {
  const hugeBytes = options.hugeBytes ?? 50_000_000;
  const trickleMs = options.trickleMs ?? 250;
  let mode: HostileMode = 'benign';
  let followed = 0;
  let hugeSent = 0;
  const requests = Object.fromEntries(HOSTILE_MODES.map((m) => [m, 0])) as Record<
    HostileMode,
    number
  >;
  const timers = new Set<NodeJS.Timeout>();

  // Where the 'redirect' mode points: it only counts who comes.
  const target = createServer((req, res) => {
    followed++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(BENIGN[new URL(req.url ?? '/', 'http://x').pathname] ?? {}));
  });
  const targetPort = await listen(target);

  const json = (res: ServerResponse, body: unknown, status = 200) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

  const streamHuge = (res: ServerResponse) => {
    // Chunked (no content-length): the client must cut it off while it streams.
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(1 << 20, 0x78);
    let written = 0;
    res.write('["');
    const more = () => {
      while (written < hugeBytes && !res.destroyed) {
        written += chunk.length;
        hugeSent += chunk.length;
        if (!res.write(chunk)) {
          res.once('drain', more);
          return;
        }
      }
      if (!res.destroyed) res.end('"]');
    };
    res.on('error', () => undefined);
    more();
  };

  const trickle = (res: ServerResponse, body: string) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.flushHeaders();
    let index = 0;
    const timer = setInterval(() => {
      if (res.destroyed) {
        clearInterval(timer);
        timers.delete(timer);
        return;
      }
      // The body, then whitespace for ever: valid JSON never completes.
      res.write(index < body.length ? body[index++]! : ' ');
    }, trickleMs);
    timers.add(timer);
    res.on('close', () => {
      clearInterval(timer);
      timers.delete(timer);
    });
  };

  const answer = (req: IncomingMessage, res: ServerResponse) => {
    const current = mode;
    requests[current]++;
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/api/v4/profile/websocket_token') ws.noteToken();
    const benign = BENIGN[path];
    const body = benign ?? { success: false, message: 'Not found', params: [] };
    switch (current) {
      case 'benign':
        return json(res, body, benign === undefined ? 404 : 200);
      case 'html':
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end(HTML_PAGE);
      case 'truncated': {
        const text = JSON.stringify(body);
        return json(res, text.slice(0, Math.max(1, Math.floor(text.length / 2))));
      }
      case 'huge':
        return streamHuge(res);
      case 'deep':
        return json(res, '['.repeat(100_000) + ']'.repeat(100_000));
      case 'wrong-types':
        return json(res, withWrongTypes(body));
      case 'exponents':
        return json(res, withHugeExponents(body));
      case 'negative':
        return json(res, withNegatives(body));
      case 'redirect':
        res.writeHead(302, {
          location: `http://127.0.0.1:${targetPort}${req.url ?? '/'}`,
          'content-type': 'text/html',
        });
        return res.end('<html><head><title>302 Found</title></head></html>');
      case 'slow':
        return trickle(res, JSON.stringify(body));
      case 'hang':
        // Headers, then nothing.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.flushHeaders();
        return;
    }
  };

  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => answer(req, res));
  });
  const token = (BENIGN['/api/v4/profile/websocket_token'] as { websocket_token: string })
    .websocket_token;
  const ws = hostileStream(server, token);
  const port = await listen(server);

  return {
    ws: ws.stream,
    url: `http://127.0.0.1:${port}`,
    mode: () => mode,
    setMode(next) {
      mode = next;
    },
    requests,
    redirectsFollowed: () => followed,
    hugeBytesSent: () => hugeSent,
    async stop() {
      for (const timer of timers) clearInterval(timer);
      timers.clear();
      await ws.close();
      await Promise.all([close(server), close(target)]);
    },
  };
}
