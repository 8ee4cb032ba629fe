// Appends one dated section of figures to bench/RESULTS.md: the machine, the command, a row per scenario.
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';

export interface Figures {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p97_5: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
}

const FILE = new URL('./RESULTS.md', import.meta.url);
const HEADER = `# Benchmark results

Figures from \`npm run bench\` (the real server, started against the bench database that
\`npm run bench:data\` builds, driven over loopback by autocannon). Latencies in milliseconds.
Newest last.
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
  const rows = figures.map((f) => [
    f.name,
    ...[f.requestsPerSecond.toFixed(0), f.p50, f.p97_5, f.p99, f.errors, f.non2xx, f.total].map(String),
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
    ...table(['scenario', 'requests/s', 'p50', 'p97.5', 'p99', 'errors', 'non-2xx', 'requests'], rows),
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
