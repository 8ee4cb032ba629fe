// The cluster's PostgreSQL: a primary of its own (initdb on a free port, replication allowed from
// 127.0.0.1) and a real streaming standby of it made with pg_basebackup (hot standby on another free
// port), both in the cluster's scratch folder and stopped with it. Its own primary rather than the
// machine's server: a base backup copies every database of a server, and a server's pg_hba.conf seldom
// allows replication connections (the machine's at 5432 does not); this pair needs nothing configured.
// As root (CI, containers) the servers run as the `postgres` user, as PostgreSQL requires.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { atExit, freePort, type Managed, startProcess } from './processes';

/** Where initdb, postgres and pg_basebackup are: POSTGRES_BIN_DIR, pg_config's answer, or Debian's newest. */
function binDir(): string {
  if (process.env.POSTGRES_BIN_DIR) return process.env.POSTGRES_BIN_DIR;
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (existsSync(join(dir, 'initdb'))) return dir;
  } catch {}
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((v) => existsSync(join(debian, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0)
    throw new Error('PostgreSQL server binaries (initdb, pg_basebackup) not found: set POSTGRES_BIN_DIR');
  return join(debian, versions[0]!, 'bin');
}

const asRoot = process.getuid?.() === 0;
/** The command and arguments that run `program` as the user PostgreSQL runs as. */
function asPostgres(program: string, args: string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
}

function run(program: string, args: string[]): Promise<void> {
  const [command, argv] = asPostgres(program, args);
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

async function waitForServer(url: string, ms = 60_000) {
  const end = Date.now() + ms;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > end) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

export interface ClusterPostgres {
  /** The primary server's `postgres` database (make the application's database on it). */
  primaryUrl: string;
  /** The standby's address for a database of that name (read only, hot standby). */
  standbyUrlFor(database: string): string;
  /** Resolves once the standby has replayed everything the primary had written when it was called. */
  caughtUp(ms?: number): Promise<{ lagMs: number }>;
  processes: Managed[];
  stop(): Promise<void>;
}

export async function startClusterPostgres(
  scratch: string,
  options: { verbose?: boolean } = {},
): Promise<ClusterPostgres> {
  const bin = binDir();
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const primaryDir = join(scratch, 'pg-primary');
  const standbyDir = join(scratch, 'pg-standby');
  const socketDir = join(scratch, 'pg-sockets');
  for (const dir of [primaryDir, standbyDir, socketDir]) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (asRoot) chownSync(dir, uid('postgres'), gid('postgres'));
  }
  if (asRoot) chownSync(scratch, uid('postgres'), gid('postgres'));

  await run(join(bin, 'initdb'), [
    '-D',
    primaryDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  writeFileSync(
    join(primaryDir, 'pg_hba.conf'),
    'local all all trust\nhost all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\n',
  );
  const settings = (port: number) => [
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=${socketDir}`,
    '-c',
    'max_connections=120',
    '-c',
    'shared_buffers=64MB',
    // A test database: losing the last commits in a power cut does not matter, speed does.
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
  ];
  const server = (name: string, dir: string, port: number) => {
    const [command, argv] = asPostgres(join(bin, 'postgres'), ['-D', dir, ...settings(port)]);
    return startProcess(name, command, argv, {}, { verbose: options.verbose });
  };
  // If this script dies without stopping them: PostgreSQL's immediate stop (a SIGKILL of runuser would
  // leave the server running).
  const stopNow = (dir: string) => () => {
    const [command, argv] = asPostgres(join(bin, 'pg_ctl'), ['stop', '-D', dir, '-m', 'immediate']);
    if (existsSync(join(dir, 'postmaster.pid'))) execFileSync(command, argv, { stdio: 'ignore' });
  };
  const forgetPrimary = atExit(stopNow(primaryDir));
  const forgetStandby = atExit(stopNow(standbyDir));
  const primary = server('pg-primary', primaryDir, primaryPort);
  const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
  await waitForServer(primaryUrl);

  // The standby: a base backup streaming the WAL written meanwhile, -R writing standby.signal and the
  // primary's address (primary_conninfo), then started as a hot standby that streams from the primary.
  await run(join(bin, 'pg_basebackup'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    standbyDir,
    '-X',
    'stream',
    '-R',
    '--no-sync',
  ]);
  const standby = server('pg-standby', standbyDir, standbyPort);
  await waitForServer(`postgres://postgres@127.0.0.1:${standbyPort}/postgres`);
  const admin = new pg.Client({ connectionString: primaryUrl });
  await admin.connect();

  return {
    primaryUrl,
    standbyUrlFor: (database) => `postgres://postgres@127.0.0.1:${standbyPort}/${database}`,
    processes: [primary, standby],
    async caughtUp(ms = 60_000) {
      const started = Date.now();
      const {
        rows: [written],
      } = await admin.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      const end = started + ms;
      for (;;) {
        const { rows } = await admin.query<{ replayed: boolean }>(
          `select coalesce(bool_and(replay_lsn >= $1::pg_lsn), false) as replayed
             from pg_stat_replication where application_name = 'walreceiver'`,
          [written!.lsn],
        );
        if (rows[0]?.replayed) return { lagMs: Date.now() - started };
        if (Date.now() > end) throw new Error(`the standby did not replay ${written!.lsn} in ${ms / 1000} s`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop() {
      forgetPrimary();
      forgetStandby();
      await admin.end().catch(() => {});
      // PostgreSQL's fast shutdown, through pg_ctl (the process started may be runuser's).
      for (const [managed, dir] of [
        [standby, standbyDir],
        [primary, primaryDir],
      ] as const) {
        const gone = new Promise<void>((resolve) =>
          managed.alive() ? managed.child.once('exit', () => resolve()) : resolve(),
        );
        await run(join(bin, 'pg_ctl'), ['stop', '-D', dir, '-m', 'fast', '-w']).catch(() => managed.kill());
        await gone;
      }
    },
  };
}

function uid(user: string): number {
  return Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
}
function gid(user: string): number {
  return Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
}
