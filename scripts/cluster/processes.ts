// Child processes of the cluster: started with their settings, killed, restarted, each line of output
// kept with its name (printed with --verbose), and stopped together.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Last resort when this process ends without stopping the cluster (an uncaught error, Ctrl-C twice):
 * synchronous steps run on 'exit', so no server, worker or database outlives the script.
 */
const atExitSteps = new Set<() => void>();
export function atExit(step: () => void): () => void {
  atExitSteps.add(step);
  return () => atExitSteps.delete(step);
}
process.on('exit', () => {
  for (const step of atExitSteps) {
    try {
      step();
    } catch {}
  }
});

export interface Managed {
  name: string;
  child: ChildProcess;
  /** SIGKILL (no chance to finish anything), waiting until it is gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  restart(): Promise<void>;
  alive(): boolean;
}

export function startProcess(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  options: { verbose?: boolean; ready?: () => Promise<void> } = {},
): Managed & { started: Promise<void> } {
  const launch = () => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const print = (chunk: Buffer) => {
      if (options.verbose)
        for (const line of chunk.toString().split('\n')) if (line) console.log(`[${name}] ${line}`);
    };
    child.stdout?.on('data', print);
    child.stderr?.on('data', (chunk: Buffer) => {
      if (options.verbose) print(chunk);
      else if (/error|failed/i.test(chunk.toString())) process.stderr.write(`[${name}] ${chunk}`);
    });
    const forget = atExit(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    child.once('exit', forget);
    return child;
  };
  const managed = {
    name,
    child: launch(),
    started: Promise.resolve(),
    alive: () => managed.child.exitCode === null && managed.child.signalCode === null,
    async kill(signal: NodeJS.Signals = 'SIGKILL') {
      if (!managed.alive()) return;
      const gone = new Promise<void>((resolve) => managed.child.once('exit', () => resolve()));
      managed.child.kill(signal);
      await gone;
    },
    async restart() {
      await managed.kill();
      managed.child = launch();
      await options.ready?.();
    },
  };
  managed.started = options.ready ? options.ready() : Promise.resolve();
  return managed;
}

/** Polls `url` until it answers 200 (or the time runs out). */
export async function waitUntilOk(url: string, ms = 240_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > end) throw new Error(`${url} did not answer in ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
