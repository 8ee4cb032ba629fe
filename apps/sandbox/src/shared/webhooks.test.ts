// The dispatcher signs at send time and sends the attempts that start together in the order they began,
// however long each one's signature takes (Akahu's RSA signatures are made off the event loop).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimClock } from './clock';
import { Scheduler } from './scheduler';
import { WebhookDispatcher } from './webhooks';

describe('WebhookDispatcher', () => {
  let server: Server;
  let url = '';
  const received: { body: string; signature: string | undefined }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push({ body, signature: req.headers['x-test-signature'] as string | undefined });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const dispatcher = () => {
    const clock = createSimClock(() => new Date('2027-03-01T00:00:00Z'));
    const scheduler = new Scheduler(clock);
    return { scheduler, webhooks: new WebhookDispatcher(clock, scheduler, { akahu: url }) };
  };
  const later = <T>(ms: number, value: T) =>
    new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

  it('sends attempts due together in the order they began, a slow signature holding back those after it', async () => {
    received.length = 0;
    const { scheduler, webhooks } = dispatcher();
    const signingMs: Record<string, number> = { first: 60, second: 0, third: 20 };
    webhooks.registerSigner('akahu', (body) =>
      later(signingMs[body]!, { 'x-test-signature': `signed ${body}` }),
    );
    const deliveries = ['first', 'second', 'third'].map((body) =>
      webhooks.enqueue('akahu', 'PAYMENT:UPDATE', body),
    );
    await scheduler.runDue();
    expect(received).toEqual([
      { body: 'first', signature: 'signed first' },
      { body: 'second', signature: 'signed second' },
      { body: 'third', signature: 'signed third' },
    ]);
    expect(deliveries.map((d) => d.status)).toEqual(['delivered', 'delivered', 'delivered']);
    expect(deliveries[0]!.headers['x-test-signature']).toBe('signed first');
  });

  it('fails only the attempt whose signature failed, with no unhandled rejection while it waits its turn', async () => {
    received.length = 0;
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const { scheduler, webhooks } = dispatcher();
      webhooks.registerSigner('akahu', (body) =>
        body === 'bad'
          ? Promise.reject(new Error('no key'))
          : later(body === 'slow' ? 60 : 0, { 'x-test-signature': `signed ${body}` }),
      );
      const [slow, bad, after] = ['slow', 'bad', 'after'].map((body) =>
        webhooks.enqueue('akahu', 'PAYMENT:UPDATE', body),
      );
      await expect(scheduler.runDue()).rejects.toThrow('no key');
      // The lanes beside the failed attempt go on: the one after it is answered in its turn.
      await webhooks.firstAnswer(after!);
      expect(received.map((r) => r.body)).toEqual(['slow', 'after']);
      expect([slow!.status, bad!.status, after!.status]).toEqual(['delivered', 'pending', 'delivered']);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
