// `npm test`: lint, typecheck, unit and route tests (Vitest), then the browser suite (Playwright).
// Every step runs; the run fails if any did. The last line counts the tests that passed and failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const only = process.argv.slice(2);

const reports = join(root, '.tmp/test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const vitestReport = join(reports, 'vitest.json');
const playwrightReport = join(reports, 'playwright.json');

const steps: { name: string; command: string; args: string[]; env?: Record<string, string> }[] = [
  { name: 'lint', command: bin('biome'), args: ['ci', '.'] },
  { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  {
    name: 'unit and route tests',
    command: bin('vitest'),
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  },
  {
    name: 'browser tests',
    command: bin('playwright'),
    args: ['test', '-c', 'e2e/playwright.config.ts'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  },
];

function testCounts() {
  let passed = 0;
  let failed = 0;
  if (existsSync(vitestReport)) {
    const v = JSON.parse(readFileSync(vitestReport, 'utf8'));
    passed += v.numPassedTests ?? 0;
    failed += v.numFailedTests ?? 0;
  }
  if (existsSync(playwrightReport)) {
    const p = JSON.parse(readFileSync(playwrightReport, 'utf8'));
    passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0);
    failed += p.stats?.unexpected ?? 0;
  }
  return { passed, failed };
}

const results: { name: string; ok: boolean; seconds: number }[] = [];
for (const step of steps) {
  if (only.length && !only.some((o) => step.name.includes(o))) continue;
  process.stdout.write(`\n▶ ${step.name}\n`);
  const started = Date.now();
  const run = spawnSync(step.command, step.args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  results.push({ name: step.name, ok: run.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}

// The names of the tests that failed, so the end of a long log says which (its start may be cut off).
function failedTests(): string[] {
  const names: string[] = [];
  if (existsSync(vitestReport)) {
    const v = JSON.parse(readFileSync(vitestReport, 'utf8'));
    for (const file of v.testResults ?? []) {
      const where = String(file.name ?? '').replace(root, '');
      if (
        file.status === 'failed' &&
        !(file.assertionResults ?? []).some((a: { status: string }) => a.status === 'failed')
      )
        names.push(`${where}: ${String(file.message ?? 'the file failed to run').split('\n')[0]}`);
      for (const a of file.assertionResults ?? [])
        if (a.status === 'failed')
          names.push(
            `${where} › ${a.fullName ?? a.title}: ${String(a.failureMessages?.[0] ?? '').split('\n')[0]}`,
          );
    }
  }
  if (existsSync(playwrightReport)) {
    const p = JSON.parse(readFileSync(playwrightReport, 'utf8'));
    type Suite = { specs?: { title: string; file: string; ok: boolean }[]; suites?: Suite[] };
    const walk = (suite: Suite) => {
      for (const spec of suite.specs ?? []) if (!spec.ok) names.push(`${spec.file} › ${spec.title}`);
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of p.suites ?? []) walk(suite);
  }
  return names;
}

process.stdout.write('\nSummary\n');
for (const r of results) process.stdout.write(`  ${r.ok ? '✔' : '✘'} ${r.name} (${r.seconds} s)\n`);
const failedSteps = results.filter((r) => !r.ok).length;
const counts = testCounts();
// A failed lint or typecheck step counts as a failure even when every test passed.
const failed = counts.failed || failedSteps;
for (const name of failedTests()) process.stdout.write(`  failed: ${name}\n`);
process.stdout.write(`tests: ${counts.passed} passed, ${failed} failed\n`);
process.exit(failedSteps ? 1 : 0);
