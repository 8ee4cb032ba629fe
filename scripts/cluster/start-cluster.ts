// The cluster: a PostgreSQL primary of its own with a streaming standby (./postgres.ts), an
// S3-compatible store (s3rver), the provider simulators and an SMTP capture (in this process, shared by
// every server and worker, as a real deployment shares the real providers and mail server), two web
// servers (reading what decision 012 allows from the standby) and two billing workers, and HAProxy in
// front (deploy/haproxy.cfg), all on free ports.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type RunningSandbox, startSandbox } from '@gym/sandbox';
import pg from 'pg';
import S3rver from 's3rver';
import { startMailCapture } from '../../apps/server/src/public-testing';
import { type ClusterPostgres, startClusterPostgres } from './postgres';
import { freePort, type Managed, startProcess, waitUntilOk } from './processes';

const ROOT = resolve(import.meta.dirname, '../..');
// One process per server or worker: node with tsx's loader, not the tsx command, which runs the code in
// a child of its own that a SIGKILL of the command would leave running.
const NODE = process.execPath;
const typescript = (file: string) => ['--import', 'tsx', join(ROOT, file)];

export interface ClusterOptions {
  verbose?: boolean;
  /** How often the workers' scheduled work passes (default each minute, as in production). */
  workerTickSeconds?: number;
}

export interface Cluster {
  balancerUrl: string;
  databaseUrl: string;
  /** The same database on the streaming standby (read only). */
  replicaUrl: string;
  postgres: ClusterPostgres;
  /** The simulators every process talks to (their controls arrange what a test needs). */
  sandbox: RunningSandbox;
  /** The key every process seals provider tokens with (ENCRYPTION_KEY). */
  encryptionKey: string;
  metricsToken: string;
  webs: Managed[];
  workers: Managed[];
  webUrls: string[];
  stop(): Promise<void>;
}

async function ensureHaproxy(): Promise<string> {
  const has = await new Promise<boolean>((ok) =>
    spawn('haproxy', ['-v'], { stdio: 'ignore' })
      .on('exit', (code) => ok(code === 0))
      .on('error', () => ok(false)),
  );
  if (has) return 'haproxy';
  console.log('Installing HAProxy from Debian…');
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'haproxy'],
  ]) {
    await new Promise<void>((done, fail) =>
      spawn('apt-get', args, {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      }).on('exit', (code) => (code === 0 ? done() : fail(new Error(`apt-get ${args.join(' ')} failed`)))),
    );
  }
  return 'haproxy';
}

/** Everything started so far, stopped in reverse if the start fails half-way. */
const startedSoFar: Array<() => Promise<unknown>> = [];

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  try {
    return await startAll(options);
  } catch (error) {
    for (const stop of startedSoFar.reverse()) await stop().catch(() => {});
    throw error;
  }
}

async function startAll(options: ClusterOptions): Promise<Cluster> {
  const haproxy = await ensureHaproxy();
  const scratch = mkdtempSync(join(tmpdir(), 'gym-cluster-'));
  startedSoFar.push(async () => rmSync(scratch, { recursive: true, force: true }));
  const postgres = await startClusterPostgres(scratch, { verbose: options.verbose });
  startedSoFar.push(() => postgres.stop());
  const databaseName = 'gym';
  const admin = new pg.Client({ connectionString: postgres.primaryUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const base = new URL(postgres.primaryUrl);
  base.pathname = `/${databaseName}`;
  const databaseUrl = base.toString();
  const replicaUrl = postgres.standbyUrlFor(databaseName);

  const [lbPort, web1Port, web2Port, s3Port] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const balancerUrl = `http://127.0.0.1:${lbPort}`;

  const bucket = 'gym-files';
  const s3 = new S3rver({
    port: s3Port,
    address: '127.0.0.1',
    directory: join(scratch, 's3'),
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  await s3.run();
  startedSoFar.push(() => s3.close());
  const mail = await startMailCapture(0);
  startedSoFar.push(() => mail.close());
  const sandbox = await startSandbox({
    // Bank payments settle in two seconds (the test waits for them at the end).
    akahuPaymentDelayMs: 2_000,
    webhookTargets: {
      akahu: `${balancerUrl}/api/webhooks/akahu`,
      stripe: `${balancerUrl}/api/webhooks/stripe`,
      kisi: `${balancerUrl}/api/webhooks/kisi`,
    },
  });

  startedSoFar.push(() => sandbox.close());
  const metricsToken = randomBytes(18).toString('hex');
  const encryptionKey = randomBytes(32).toString('base64');
  const shared: Record<string, string> = {
    ...sandbox.serverSettings,
    NODE_ENV: 'development',
    LOG_LEVEL: options.verbose ? 'info' : 'warn',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '8',
    STORAGE_URL: `s3://S3RVER:S3RVER@${bucket}?endpoint=${encodeURIComponent(`http://127.0.0.1:${s3Port}`)}&region=us-east-1`,
    SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
    ENCRYPTION_KEY: encryptionKey,
    APP_URL: balancerUrl,
    REGISTER_URL: `http://join.localhost:${lbPort}`,
    SEED_DEMO: 'false',
    BILLING_WORKERS: 'off',
    TRUST_PROXY_HOPS: '1',
    METRICS_TOKEN: metricsToken,
    SHUTDOWN_DRAIN_SECONDS: '2',
    DATA_DIR: join(scratch, 'data'),
  };

  const web = (n: number, port: number) => {
    const url = `http://127.0.0.1:${port}`;
    return startProcess(
      `web${n}`,
      NODE,
      typescript('apps/server/src/main.ts'),
      { ...shared, HOST: '127.0.0.1', PORT: String(port), DATABASE_REPLICA_URL: replicaUrl },
      { verbose: options.verbose, ready: () => waitUntilOk(`${url}/api/ready`) },
    );
  };
  // One server first, so that it alone runs the migrations; the other then finds them applied.
  const web1 = web(1, web1Port);
  startedSoFar.push(() => web1.kill());
  await web1.started;
  const web2 = web(2, web2Port);
  startedSoFar.push(() => web2.kill());
  const workerPorts = [await freePort(), await freePort()];
  const workers = workerPorts.map((port, i) =>
    startProcess(
      `worker${i + 1}`,
      NODE,
      typescript('scripts/worker.ts'),
      {
        ...shared,
        METRICS_PORT: String(port),
        ...(options.workerTickSeconds ? { BILLING_TICK_SECONDS: String(options.workerTickSeconds) } : {}),
      },
      { verbose: options.verbose, ready: () => waitUntilOk(`http://127.0.0.1:${port}/metrics`) },
    ),
  );
  for (const w of workers) startedSoFar.push(() => w.kill());
  await Promise.all([web2.started, ...workers.map((w) => w.started)]);

  const lb = startProcess(
    'haproxy',
    haproxy,
    ['-W', '-db', '-f', join(ROOT, 'deploy/haproxy.cfg')],
    {
      LB_BIND: `127.0.0.1:${lbPort}`,
      WEB1_ADDR: `127.0.0.1:${web1Port}`,
      WEB2_ADDR: `127.0.0.1:${web2Port}`,
    },
    { verbose: options.verbose, ready: () => waitUntilOk(`${balancerUrl}/api/ready`, 30_000) },
  );
  startedSoFar.push(() => lb.kill());
  await lb.started;

  return {
    balancerUrl,
    databaseUrl,
    replicaUrl,
    postgres,
    sandbox,
    encryptionKey,
    metricsToken,
    webs: [web1, web2],
    workers,
    webUrls: [`http://127.0.0.1:${web1Port}`, `http://127.0.0.1:${web2Port}`],
    async stop() {
      await lb.kill('SIGTERM');
      await Promise.all([web1, web2, ...workers].map((p) => p.kill('SIGTERM')));
      await sandbox.close();
      await mail.close();
      await s3.close();
      await postgres.stop();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
