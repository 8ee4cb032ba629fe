// Appends one dated section of figures to bench/RESULTS.md: the machine, the command, a row per scenario.
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';

import type { Side } from './measure';

export interface Figures {
  name: string;
  /** Statements one request runs. */
  statements: number;
  /** The API call over loopback. */
  app: Side;
  /** The same statements straight through the driver, same connections and duration. */
  raw: Side;
}

const FILE = new URL('./RESULTS.md', import.meta.url);
const HEADER = `# Benchmark results

Figures from \`npm run bench\` (the real server, started against the bench database that
\`npm run bench:data\` builds, driven over loopback by autocannon; beside each call, the SQL it runs straight
through the driver at the same concurrency). Latencies in milliseconds. Newest last.
`;

export function appendResults(
  figures: Figures[],
  context: { command: string; load: string; data: string; skipped: string[] },
) {
  const when = new Intl.DateTimeFormat('en-NZ', {
    timeZone: 'Pacific/Auckland',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date());
  const cpu = cpus();
  const machine = `${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB memory, Node ${process.version}`;
  // Other work on the machine moves the figures; the load average says how much there was.
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1));
  const rows = figures.map((f) => [
    f.name,
    f.app.requestsPerSecond.toFixed(0),
    ms(f.app.p50),
    ms(f.app.p95),
    ms(f.app.p99),
    f.raw.requestsPerSecond.toFixed(0),
    ms(f.raw.p50),
    ms(f.raw.p95),
    ms(f.raw.p99),
    (f.app.p50 / f.raw.p50).toFixed(1),
    (f.app.p95 / f.raw.p95).toFixed(1),
    String(f.statements),
    String(f.app.failures + f.raw.failures),
  ]);
  const section = [
    '',
    `## ${when} (Pacific/Auckland)`,
    '',
    `- Machine: ${machine}; load average ${load} (1, 5, 15 min) at the end`,
    `- Command: \`${context.command}\` (${context.load})`,
    `- Data: ${context.data}`,
    ...(context.skipped.length ? [`- Skipped: ${context.skipped.join('; ')}`] : []),
    '',
    ...table(
      [
        'scenario',
        'app req/s',
        'app p50',
        'app p95',
        'app p99',
        'raw req/s',
        'raw p50',
        'raw p95',
        'raw p99',
        'app ÷ raw p50',
        'app ÷ raw p95',
        'statements',
        'failures',
      ],
      rows,
    ),
    '',
  ].join('\n');
  if (!existsSync(FILE)) writeFileSync(FILE, HEADER);
  appendFileSync(FILE, section);
}

/** A Markdown table laid out as the formatter lays it out: names left, figures right-aligned. */
function table(headers: string[], rows: string[][]): string[] {
  const widths = headers.map((h, i) => Math.max(3, h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`;
  return [line(headers), rule, ...rows.map(line)];
}
