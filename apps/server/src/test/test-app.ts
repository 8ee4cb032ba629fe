// The real application, in-process, on a fresh database with a real SMTP receiver: what route tests use.
import { randomBytes } from 'node:crypto';
import { type RunningSandbox, startSandbox } from '@gym/sandbox';
import type { FastifyInstance, FastifyServerOptions, InjectOptions } from 'fastify';
import { createProviders, type Providers } from '../adapters/providers';
import { buildApp } from '../app';
import { offsetClock } from '../clock';
import { type Env, readEnv } from '../config/env';
import type { Database, Db, StatementHook } from '../db/client';
import { secretBox } from '../db/secrets';
import { createLifecycle, type Lifecycle } from '../lifecycle';
import { type MailCapture, startMailCapture } from '../mail/capture';
import { smtpMailer } from '../mail/mailer';
import { tenantCheck } from './tenant-check';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  env: Env;
  clock: ReturnType<typeof offsetClock>;
  mail: MailCapture;
  secrets: ReturnType<typeof secretBox>;
  /** The provider simulators this app talks to (fresh per test app, on free ports). */
  sandbox: RunningSandbox;
  providers: Providers;
  /** Serving or draining (readiness follows it). */
  lifecycle: Lifecycle;
  close(): Promise<void>;
}

/** How long one step of a test app's teardown may take before the next goes ahead (four steps stay
 * inside vitest's 60 s hook limit). */
const CLOSE_STEP_MS = 10_000;

/**
 * One step of the teardown, given CLOSE_STEP_MS: a step still running then is named on stderr and left,
 * so the file's other steps (the database's forced drop among them) still run and the file does not
 * fail on its teardown after every test passed. Seen once in a full PostgreSQL run (26 Nov 2026): a
 * file's teardown waited out vitest's 60 s hook limit after its tests had passed.
 */
async function boundedStep(name: string, step: () => Promise<unknown>) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), CLOSE_STEP_MS);
    timer.unref();
  });
  const outcome = await Promise.race([step().then(() => 'done' as const), late]);
  clearTimeout(timer);
  if (outcome === 'late')
    process.stderr.write(
      `test app teardown: closing ${name} took over ${CLOSE_STEP_MS / 1000} s; going on\n`,
    );
}

export async function createTestApp(
  overrides: Partial<Record<string, string>> = {},
  options: {
    logger?: FastifyServerOptions['logger'];
    /** Serve the developers' mailbox from the test's mail capture (as `npm start` does in a sandbox). */
    mailbox?: boolean;
    /** A built page to serve (index.html and join.html). */
    webDistDir?: string;
    /** A second database as the read replica (DATABASE_REPLICA_URL's place): what db/read-replica.ts
     * sends there reads it, and it holds none of the test's data unless the test writes it there. */
    replica?: boolean;
    /** Sees every statement the app's database runs (the tenant statement test records them). */
    onStatement?: StatementHook;
  } = {},
): Promise<TestApp> {
  // Every request's statements are checked for tenant isolation at close (tenant-check.ts).
  const check = tenantCheck();
  const database = await createTestDatabase({
    onStatement: (statement, params) => {
      check.onStatement(statement, params);
      options.onStatement?.(statement, params);
    },
  });
  const replica = options.replica ? await createTestDatabase() : null;
  const mail = await startMailCapture(0);
  const clock = offsetClock(new Date());
  const sandbox = await startSandbox({ now: () => clock.now() });
  const env = readEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ...sandbox.serverSettings,
    ...overrides,
  });
  const secrets = secretBox(randomBytes(32).toString('base64'));
  const mailer = smtpMailer(`smtp://127.0.0.1:${mail.port}`, env.MAIL_FROM);
  const providers = createProviders(env, clock);
  const lifecycle = createLifecycle();
  const app = await buildApp({
    lifecycle,
    env,
    db: database.db,
    replicaDb: replica?.db,
    clock,
    secrets,
    mailer,
    providers,
    logger: options.logger,
    mailCapture: options.mailbox ? mail : undefined,
    webDistDir: options.webDistDir,
    // As `npm start` does: when the clock moves, the simulators do what fell due in between.
    onClockMoved: () => sandbox.controls.settle(),
    // As `npm start` does: a Kisi signing key saved is the one the Kisi simulator signs with at once.
    onKisiWebhookSecret: (apiKey, secret) => sandbox.controls.kisi.setWebhookSecret(apiKey, secret),
  });
  check.watch(app);
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    env,
    clock,
    mail,
    secrets,
    sandbox,
    providers,
    lifecycle,
    async close() {
      await boundedStep('the app', () => app.close());
      await boundedStep('the sandbox', () => sandbox.close());
      mailer.close();
      await boundedStep('the mail capture', () => mail.close());
      // After the app closed (a request's work after its answer is in), before the database goes.
      const problems = await check.problems(database.db).catch((error: unknown) => {
        process.stderr.write(`tenant statement check: could not read the database (${String(error)})\n`);
        return [];
      });
      await boundedStep('the database', () => database.close());
      if (replica) await boundedStep('the replica', () => replica.close());
      if (problems.length > 0)
        throw new Error(
          `Tenant statement check (docs/decisions/014-distributing-organisations.md): ${problems.length} statement(s) of a request touch a tenant table without the request's organisation, or name another. Add organisation_id to the statement, or (rarely, with a reason) an exception to apps/server/src/db/tenant-statements.ts.\n${problems.join('\n')}`,
        );
    },
  };
}

/** A page-like request: JSON, with the header every page call sends. */
export function pageRequest(options: InjectOptions & { cookie?: string | undefined }): InjectOptions {
  const { cookie, headers, ...rest } = options;
  return {
    ...rest,
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      accept: 'application/json',
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
  };
}
