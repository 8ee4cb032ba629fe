// Starts the real server as a child process against the bench database, and stops it again.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { BENCH_DATABASE_URL } from './bench-config';

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

const root = new URL('..', import.meta.url).pathname;

/** BENCH_PORT when set, otherwise a port the system says is free now, so a bench runs beside `npm start`. */
export async function benchPort(): Promise<number> {
  if (process.env.BENCH_PORT) return Number(process.env.BENCH_PORT);
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export async function startServer(port: number): Promise<RunningServer> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(join(root, 'node_modules/.bin/tsx'), ['scripts/serve.ts'], {
    cwd: root,
    // Its own process group, so stopping it also stops the node process tsx starts.
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      // e.g. BENCH_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=/tmp/prof': where the server's own time goes.
      ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
      NODE_ENV: 'production',
      DATABASE_URL: BENCH_DATABASE_URL,
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: baseUrl,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // The daily billing run stays out of the measurements.
      BILLING_WORKERS: 'off',
      PROVIDERS: 'sandbox',
      // Mail capture and simulators on free ports, so a bench runs beside `npm start` (which holds 1025
      // and 4101–4103); BENCH_*_PORT names them instead.
      MAIL_CAPTURE_PORT: process.env.BENCH_MAIL_CAPTURE_PORT ?? '0',
      SANDBOX_AKAHU_PORT: process.env.BENCH_AKAHU_PORT ?? '0',
      SANDBOX_STRIPE_PORT: process.env.BENCH_STRIPE_PORT ?? '0',
      SANDBOX_KISI_PORT: process.env.BENCH_KISI_PORT ?? '0',
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      // Production refuses development defaults: the bench names its own (no mail is sent in a run).
      SMTP_URL: 'smtp://127.0.0.1:2525',
      STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('hex')}`,
      KISI_WEBHOOK_SECRET: randomBytes(24).toString('hex'),
    },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    process.stderr.write(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = () => stopChild(child, exited);
  // Generous: on a loaded machine tsx, the migrations check and the first connections take a while.
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`The server exited (${child.exitCode}) before it was ready:\n${stderr}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error('The server was not ready within 240 s');
    }
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { baseUrl, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>) {
  if (child.exitCode !== null || child.pid === undefined) return;
  const group = -child.pid;
  process.kill(group, 'SIGTERM');
  const timer = setTimeout(() => {
    try {
      process.kill(group, 'SIGKILL');
    } catch {}
  }, 10_000);
  await exited;
  clearTimeout(timer);
}
