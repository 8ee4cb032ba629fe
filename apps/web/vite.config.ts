// Two pages from one code base: index.html is the staff back office, join.html the member join site.
// Each is its own entry, so a host downloads only its own screens; vendor code is shared.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const src = fileURLToPath(new URL('./src/', import.meta.url));

/**
 * In development the join site is served by the same Vite server: page requests to `join.*` get
 * join.html, as the API server does in production (apps/server/src/http/page-host.ts).
 */
function joinHostInDevelopment(): Plugin {
  return {
    name: 'gym:join-host',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const isPage = req.method === 'GET' && req.headers.accept?.includes('text/html');
        const path = req.url?.split('?')[0] ?? '/';
        const isAppPath = !path.startsWith('/@') && !path.startsWith('/api') && !/\.\w+$/.test(path);
        if (isPage && isAppPath && req.headers.host?.startsWith('join.')) req.url = '/join.html';
        next();
      });
    },
  };
}

/**
 * Each built asset also as .br and .gz beside it, compressed once at build (brotli at its best setting),
 * which the server sends to browsers that accept them (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  let outDir = join(root, 'dist');
  return {
    name: 'gym:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const assets = join(outDir, 'assets');
      for (const name of await readdir(assets)) {
        if (!/\.(js|css|svg|json|html|txt)$/.test(name)) continue;
        const file = join(assets, name);
        const bytes = await readFile(file);
        if (bytes.length < 1024) continue;
        await writeFile(
          `${file}.br`,
          brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
        await writeFile(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), joinHostInDevelopment(), precompress()],
  resolve: { alias: [{ find: /^@\//, replacement: src }] },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:3000' } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps for uploading to the error reporter; not referenced from the bundles, so browsers skip them.
    sourcemap: 'hidden',
    rolldownOptions: {
      input: {
        staff: fileURLToPath(new URL('./index.html', import.meta.url)),
        member: fileURLToPath(new URL('./join.html', import.meta.url)),
      },
      output: {
        // Everything a first visit runs (both hosts' shells, the sign-in and join screens, and the
        // libraries under them) is one script: one request instead of forty to fifty, and it compresses
        // better as one. The two hosts share it, so a visitor of either has it cached for the other; each
        // page starts only its own host's app (start-app.tsx reads the page's gym-host meta). Every other
        // screen stays in its own lazily loaded chunk, per host.
        codeSplitting: {
          groups: [{ name: 'first', tags: ['$initial'] }],
        },
      },
    },
  },
});
