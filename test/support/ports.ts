import { createServer } from 'node:net';

/**
 * A 127.0.0.1 port nothing listens on right now (bound, then released): for a listener a test
 * starts itself, or for an address that must refuse connections.
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
