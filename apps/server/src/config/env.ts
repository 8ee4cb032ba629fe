// Configuration: read and checked once at start. A wrong setting stops start-up with a message naming it.
import { z } from 'zod';
import { parseStorageUrl, STORAGE_URL_HELP } from './storage-url';

const url = z.url({ message: 'must be a URL such as http://localhost:3000' });
const port = z.coerce.number().int().min(0).max(65535);
const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: port.default(3000),
  APP_URL: url.default('http://localhost:3000'),
  REGISTER_URL: url.default('http://join.localhost:3000'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** A streaming standby for the reads db/read-replica.ts allows (figures, exports); unset: all on the primary. */
  DATABASE_REPLICA_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** How many reverse proxies sit in front of the server (their X-Forwarded-For hops are believed). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** How long webhook calls are kept (pruned daily). */
  WEBHOOK_CALL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** 'in-process' (default): the server runs the daily billing run; 'off': a separate `npm run worker` does. */
  BILLING_WORKERS: z.enum(['in-process', 'off']).default('in-process'),
  /** How often the scheduled work passes (default each minute); the cluster test's workers pass more often. */
  BILLING_TICK_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  /** Turns on GET /api/metrics (Prometheus), answered only with `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** A worker's own metrics (provider calls it made) on this port, bound to 127.0.0.1; unset: none. */
  METRICS_PORT: port.optional(),
  /** On SIGTERM, how long readiness answers 503 before the listener closes (the balancer's check interval and more). */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(120).default(0),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  UPLOADS_DIR: z.string().min(1).optional(),
  /** Logos and photos in an S3-compatible bucket (config/storage-url.ts) instead of UPLOADS_DIR. */
  STORAGE_URL: z
    .string()
    .refine((v) => parseStorageUrl(v) !== null, STORAGE_URL_HELP)
    .optional(),
  ENCRYPTION_KEY: z
    .string()
    .refine(
      (v) => Buffer.from(v, 'base64').length === 32,
      'must be 32 bytes, base64-encoded (openssl rand -base64 32)',
    )
    .optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 14),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: flag.default(true),
  /** Queue mail in the outbox without sending it (the demo seed's history: its members are made up). */
  MAIL_HOLD: flag.default(false),
  PROVIDERS: z.enum(['sandbox', 'live']).default('sandbox'),
  SANDBOX_AKAHU_PORT: port.default(4101),
  SANDBOX_STRIPE_PORT: port.default(4102),
  SANDBOX_KISI_PORT: port.default(4103),
  AKAHU_API_URL: url.optional(),
  AKAHU_APP_TOKEN: z.string().min(1).optional(),
  AKAHU_APP_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: url.optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  KISI_API_URL: url.optional(),
  /** Branch's API for the gyms' app links (default Branch itself); the sandbox's Branch simulator in development. */
  BRANCH_API_URL: url.optional(),
  KISI_WEBHOOK_SECRET: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Gym Membership <no-reply@gym.localhost>'),
  MAIL_CAPTURE_PORT: port.default(1025),
  SENTRY_DSN: url.optional(),
  SENTRY_ENVIRONMENT: z.string().optional(),
  /** Moves the application clock (ISO instant): demos and benchmarks can run months ahead. */
  APP_NOW: z.iso
    .datetime({ offset: true, message: 'must be an ISO date-time such as 2026-01-31T00:00:00Z' })
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment once; throws a ConfigError naming every bad variable. */
/**
 * Without APP_URL and REGISTER_URL, the addresses printed, mailed and linked are on the port the server
 * listens on (`PORT=3999 npm start` prints http://localhost:3999/login, not the default 3000).
 */
function addressesOnPort(port: string | undefined): Record<string, string> {
  if (!port || !/^[1-9]\d*$/.test(port)) return {};
  return { APP_URL: `http://localhost:${port}`, REGISTER_URL: `http://join.localhost:${port}` };
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse({ ...addressesOnPort(cleaned.PORT), ...cleaned });
  if (parsed.success) {
    const missing = [
      ...(parsed.data.PROVIDERS === 'live' ? missingLiveKeys(parsed.data) : []),
      ...(parsed.data.NODE_ENV === 'production' ? missingProductionKeys(parsed.data) : []),
    ];
    if (missing.length > 0) {
      const unique = [...new Map(missing.map((line) => [line.split(':')[0], line])).values()];
      throw new ConfigError(`Invalid configuration:\n${unique.map((line) => `  ${line}`).join('\n')}`);
    }
    return parsed.data;
  }
  const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

function missingLiveKeys(env: Env): string[] {
  const needed = [
    'AKAHU_APP_TOKEN',
    'AKAHU_APP_SECRET',
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'SMTP_URL',
  ] as const;
  return needed.filter((k) => !env[k]).map((k) => `${k}: required when PROVIDERS=live`);
}

/**
 * In production nothing falls back to a development default: mail goes through a real SMTP server (the
 * local capture and its public mailbox never run), webhooks are checked with the deployment's own
 * secrets (never the simulators' published ones), and stored secrets use the deployment's own key.
 */
function missingProductionKeys(env: Env): string[] {
  const needed = ['SMTP_URL', 'STRIPE_WEBHOOK_SECRET', 'KISI_WEBHOOK_SECRET', 'ENCRYPTION_KEY'] as const;
  return needed.filter((k) => !env[k]).map((k) => `${k}: required in production`);
}

/** Developer tools (the mailbox, later the clock) exist only on a sandbox, never in production. */
export const devToolsEnabled = (env: Pick<Env, 'NODE_ENV' | 'PROVIDERS'>) =>
  env.PROVIDERS === 'sandbox' && env.NODE_ENV !== 'production';
