import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The built-in demo exchange: a node:http server speaking API v4 on 127.0.0.1. Electron-free, so it
 * runs inside the main process, in tests and on its own.
 */
export interface DemoExchange {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

export interface DemoExchangeOptions {
  /** 0 (default) picks a free port. */
  port?: number;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function route(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (req.method === 'GET' && url.pathname === '/api/v4/public/ping') {
    sendJson(res, 200, ['pong']);
    return;
  }
  sendJson(res, 404, { success: false, message: 'Not found', params: [] });
}

export function startDemoExchange(options: DemoExchangeOptions = {}): Promise<DemoExchange> {
  const server = createServer(route);
  // Keep-alive sockets would hold stop() open; close idle ones with the server.
  const stop = () =>
    new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, port, stop });
    });
  });
}
