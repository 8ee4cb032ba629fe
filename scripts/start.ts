// `npm start`: builds the page when its sources changed since the last build, then runs scripts/serve.ts:
// the server, with (in sandbox mode) the provider simulators beside it.
// `npm run dev` does the same and rebuilds the page on every change (reload the browser to see it).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const dev = process.argv.includes('--dev');

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path)
    .filter((name) => name !== 'node_modules' && name !== 'dist')
    .reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs);
}

function pageIsStale(): boolean {
  const built = join(root, 'apps/web/dist/index.html');
  if (!existsSync(built) || !existsSync(join(root, 'apps/web/dist/join.html'))) return true;
  const sources = Math.max(newest(join(root, 'apps/web')), newest(join(root, 'packages/domain/src')));
  return sources > statSync(built).mtimeMs;
}

if (dev) {
  // Watch-build the page and restart the server on server changes.
  spawn(bin('vite'), ['build', '--watch', '--logLevel', 'warn'], {
    cwd: join(root, 'apps/web'),
    stdio: 'inherit',
  });
  const server = spawn(bin('tsx'), ['watch', '--clear-screen=false', 'scripts/serve.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
  server.on('exit', (code) => process.exit(code ?? 0));
} else {
  if (pageIsStale()) {
    process.stdout.write('Building the page (once, or after a change)…\n');
    // Always a production bundle: the server's NODE_ENV (test in the browser suite) must not make
    // Vite pick React's development build.
    const build = spawnSync(bin('vite'), ['build', '--logLevel', 'warn'], {
      cwd: join(root, 'apps/web'),
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  await import('./serve');
}
