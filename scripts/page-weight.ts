// `npx tsx scripts/page-weight.ts [--dist apps/web/dist]`: the script each host's first screen downloads,
// measured in Chromium. Serves a built page (staff host at localhost, join host at join.localhost) with its
// precompressed assets and an API that knows nobody (every call 401, as for a first visit), opens the
// staff host's /login and the join host's /, and counts the scripts the browser fetched: as sent (brotli,
// what Chromium asks for) and gzipped.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = new URL('..', import.meta.url).pathname;
const at = process.argv.indexOf('--dist');
const dist = resolve(root, at >= 0 ? process.argv[at + 1]! : 'apps/web/dist');
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

const server = createServer((req, res) => {
  const path = decodeURIComponent((req.url ?? '/').split('?')[0]!);
  if (path.startsWith('/api/')) {
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: 'Please sign in.', error: 'unauthenticated' }));
    return;
  }
  const file = join(dist, normalize(path));
  if (file.startsWith(dist) && extname(file) && existsSync(file) && statSync(file).isFile()) {
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const [body, encoding] =
      accepts.includes('br') && existsSync(`${file}.br`)
        ? [readFileSync(`${file}.br`), 'br']
        : accepts.includes('gzip') && existsSync(`${file}.gz`)
          ? [readFileSync(`${file}.gz`), 'gzip']
          : [readFileSync(file), undefined];
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    res.end(body);
    return;
  }
  const page = req.headers.host?.startsWith('join.') ? 'join.html' : 'index.html';
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end(readFileSync(join(dist, page)));
});
await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
const port = (server.address() as AddressInfo).port;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
try {
  for (const [host, url] of [
    ['staff', `http://localhost:${port}/login`],
    ['join', `http://join.localhost:${port}/`],
  ] as const) {
    const page = await browser.newPage();
    const scripts: { path: string; sent: Promise<number> }[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push({
        path: new URL(response.url()).pathname,
        sent: response
          .request()
          .sizes()
          .then((s) => s.responseBodySize),
      });
    });
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await page.close();
    let sent = 0;
    let raw = 0;
    let gzipped = 0;
    const rows: string[] = [];
    for (const script of scripts) {
      const bytes = readFileSync(join(dist, script.path));
      const gz = existsSync(join(dist, `${script.path}.gz`))
        ? statSync(join(dist, `${script.path}.gz`)).size
        : gzipSync(bytes, { level: 9 }).length;
      const s = await script.sent;
      sent += s;
      raw += bytes.length;
      gzipped += gz;
      rows.push(
        `    ${script.path.padEnd(52)} ${kb(bytes.length).padStart(10)} ${kb(gz).padStart(10)} ${kb(s).padStart(10)}`,
      );
    }
    process.stdout.write(
      `${host} ${new URL(url).pathname}: ${scripts.length} scripts, ${kb(raw)} uncompressed, ${kb(gzipped)} gzipped, ${kb(sent)} as sent (brotli)\n`,
    );
    if (process.argv.includes('--files')) process.stdout.write(`${rows.join('\n')}\n`);
  }
} finally {
  await browser.close();
  server.close();
}
