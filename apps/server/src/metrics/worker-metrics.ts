// A worker has no HTTP server of its own: with METRICS_PORT it serves its metrics (provider calls it
// made, its pool) on that port, on the loopback address only, for a scraper on the same machine.
import { createServer } from 'node:http';
import type { Db } from '../db/client';
import { registry } from './registry';
import { readPool } from './shared-figures';

export async function serveWorkerMetrics(port: number, db: Db) {
  const server = createServer((request, response) => {
    if (request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    readPool('primary', db);
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { close: () => server.close() };
}
