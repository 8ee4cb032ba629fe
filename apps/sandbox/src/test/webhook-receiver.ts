// A stand-in for the product's webhook endpoint in tests: keeps every request (raw body, headers)
// and answers with the statuses it is told to (200 by default).
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: Record<string, unknown>;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Answer the next requests with these statuses, in order (then 200 again). */
  respondWith(...statuses: number[]): void;
  clear(): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let statuses: number[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const status = statuses.shift() ?? 200;
      if (status < 300) {
        let json: Record<string, unknown> = {};
        try {
          json = JSON.parse(body);
        } catch {}
        received.push({ path: request.url ?? '/', headers: request.headers, body, json });
      }
      response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    respondWith: (...next) => {
      statuses = next;
    },
    clear: () => {
      received.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
